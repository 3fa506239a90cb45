import type { Redis } from 'ioredis'
import type { AttemptStore, Counter, Hit } from './store.ts'

// DECR on a missing key would create it at -1 with no expiry; take an attempt back only while it counts.
const UNHIT = `
for _, key in ipairs(KEYS) do
  if redis.call('exists', key) == 1 then redis.call('decr', key) end
end
return 0`

/** Counters in Redis: INCR, EXPIRE NX (the window starts at the first attempt) and TTL in one MULTI. */
export class RedisAttemptStore implements AttemptStore {
  readonly client: Redis
  readonly prefix: string

  private constructor(client: Redis, prefix: string) {
    this.client = client
    this.prefix = prefix
  }

  /** Connects now, so an unreachable REDIS_URL stops the start with the driver's message. */
  static async connect(url: string, prefix: string): Promise<RedisAttemptStore> {
    // Loaded only when REDIS_URL picks it, as an optional backend is (docs/operations.md "Node").
    const { Redis } = await import('ioredis')
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false })
    // Connection errors reach the caller of each command; without a listener ioredis would also print them.
    client.on('error', () => {})
    await client.connect()
    return new RedisAttemptStore(client, prefix)
  }

  async hit(counters: readonly Counter[]): Promise<Hit[]> {
    const multi = this.client.multi()
    for (const { key, windowSeconds } of counters) {
      const k = this.prefix + key
      multi.incr(k).expire(k, windowSeconds, 'NX').ttl(k)
    }
    const results = (await multi.exec()) ?? []
    return counters.map(({ windowSeconds }, i) => {
      const [incr, , ttl] = results.slice(i * 3, i * 3 + 3).map(([error, value]) => {
        if (error) throw error
        return Number(value)
      })
      return { count: incr ?? 1, retryAfter: Math.max(1, ttl ?? windowSeconds) }
    })
  }

  async unhit(keys: readonly string[]): Promise<void> {
    await this.client.eval(UNHIT, keys.length, ...keys.map((k) => this.prefix + k))
  }

  async clear(keys: readonly string[]): Promise<void> {
    await this.client.del(...keys.map((k) => this.prefix + k))
  }

  async close(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect())
  }
}
