import { createHash } from 'node:crypto'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { ApiError } from '../../lib/errors.ts'
import { DatabaseAttemptStore } from './database.ts'
import { RedisAttemptStore } from './redis.ts'
import type { AttemptStore } from './store.ts'

export const THROTTLE_WINDOW_SECONDS = 15 * 60
export const MAX_ATTEMPTS_PER_USERNAME = 5
export const MAX_ATTEMPTS_PER_IP = 20

/** What a started attempt must be told once its outcome is known. */
export interface Attempt {
  /** The whole login succeeded: the username starts afresh, the address gets this attempt back. */
  succeeded(): Promise<void>
  /** Neither success nor failure (the password was right, a code is still to come): taken back. */
  withdrawn(): Promise<void>
}

/**
 * Login throttling (POST /api/login, POST /api/googleVerify): at most 5 failed attempts per username and
 * 20 per address within 15 minutes, after which the answer is 429 with Retry-After until the window ends.
 * Each attempt is counted as it starts (atomically, in the shared store) and taken back when it did not
 * fail, so a burst of parallel guesses cannot slip past the limit between a check and a count.
 */
export class LoginThrottle {
  readonly store: AttemptStore
  constructor(store: AttemptStore) {
    this.store = store
  }

  async begin(username: string, ip: string): Promise<Attempt> {
    const user = `user:${username.toLowerCase().slice(0, 255)}`
    const address = `ip:${ip.slice(0, 64)}`
    const [u, a] = await this.store.hit([user, address], THROTTLE_WINDOW_SECONDS)
    const over = [
      u && u.count > MAX_ATTEMPTS_PER_USERNAME ? u.retryAfter : 0,
      a && a.count > MAX_ATTEMPTS_PER_IP ? a.retryAfter : 0,
    ]
    const retryAfter = Math.max(...over)
    if (retryAfter > 0) {
      // A refused attempt checks nothing, so it does not count (and cannot push anyone further out).
      await this.store.unhit([user, address])
      throw new ApiError(429, 'auth.throttled', { seconds: retryAfter }, undefined, {
        'retry-after': String(retryAfter),
      })
    }
    return {
      succeeded: async () => {
        await this.store.clear([user])
        await this.store.unhit([address])
      },
      withdrawn: () => this.store.unhit([user, address]),
    }
  }

  close(): Promise<void> {
    return this.store.close()
  }
}

/**
 * The store chosen at start: Redis when REDIS_URL is set, else the database. Redis keys carry a prefix
 * derived from the token secret, which every process of one deployment shares and other deployments (or
 * test databases) on the same Redis do not.
 */
export async function createLoginThrottle(
  config: Config,
  db: Db,
  secret: Uint8Array,
): Promise<LoginThrottle> {
  if (!config.redisUrl) return new LoginThrottle(new DatabaseAttemptStore(db))
  const deployment = createHash('sha256').update('login-throttle').update(secret).digest('hex').slice(0, 16)
  return new LoginThrottle(await RedisAttemptStore.connect(config.redisUrl, `vod:${deployment}:login:`))
}
