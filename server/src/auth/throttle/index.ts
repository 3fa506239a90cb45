import { createHash } from 'node:crypto'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { ApiError } from '../../lib/errors.ts'
import { DatabaseAttemptStore } from './database.ts'
import { RedisAttemptStore } from './redis.ts'
import type { AttemptStore } from './store.ts'

interface Limit {
  max: number
  windowSeconds: number
}

/**
 * The login policy. Failures count per username *and* address, so strangers elsewhere cannot lock an
 * admin out; per address, whatever the usernames; and per username from everywhere, more loosely, against
 * guessing spread over many addresses. Wrong authenticator codes count per two-factor token (or session)
 * and address instead of per username: only someone who passed the password holds such a token.
 */
const LIMITS = {
  usernameAtAddress: { max: 5, windowSeconds: 15 * 60 },
  codeAtAddress: { max: 5, windowSeconds: 15 * 60 },
  address: { max: 20, windowSeconds: 15 * 60 },
  username: { max: 100, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>

/** Who tries: the username, the client's address, and for a code the token or session it comes under. */
export interface AttemptSubject {
  username: string
  ip: string
  challenge?: string
}

/** What a started attempt must be told once its outcome is known. */
export interface Attempt {
  /** The whole login succeeded: this username at this address starts afresh; the rest get it back. */
  succeeded(): Promise<void>
  /** Neither success nor failure (the password was right, a code is still to come): taken back. */
  withdrawn(): Promise<void>
  /** It failed (a wrong password or code): it stays counted, and the metrics count it. */
  failed(): void
}

/** A fixed-length key for values that may be long or hold any character. */
const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('base64url')

/**
 * Login throttling (POST /api/login, POST /api/googleVerify, the current password of PUT /api/auth/password)
 * by LIMITS: past a limit the answer is 429 with Retry-After until that window ends. Each attempt is counted
 * as it starts (atomically, in the shared store) and taken back when it did not fail, so a burst of parallel
 * guesses cannot slip past the limit between a check and a count.
 */
export class LoginThrottle {
  readonly store: AttemptStore
  /** Failed attempts and throttled ones (429) since the start, for the metrics (plugins/metrics.ts). */
  readonly counts = { failures: 0, throttled: 0 }
  constructor(store: AttemptStore) {
    this.store = store
  }

  async begin({ username, ip, challenge }: AttemptSubject): Promise<Attempt> {
    const name = username.toLowerCase().slice(0, 255)
    const address = ip.slice(0, 64)
    const login = { key: `login:${digest(name, address)}`, ...LIMITS.usernameAtAddress }
    const narrow =
      challenge === undefined ? login : { key: `code:${digest(challenge, address)}`, ...LIMITS.codeAtAddress }
    const counters = [
      narrow,
      { key: `ip:${address}`, ...LIMITS.address },
      { key: `user:${name}`, ...LIMITS.username },
    ]
    const hits = await this.store.hit(counters)
    const retryAfter = Math.max(
      0,
      ...counters.map((counter, i) => {
        const hit = hits[i]
        return hit && hit.count > counter.max ? hit.retryAfter : 0
      }),
    )
    const keys = counters.map((counter) => counter.key)
    if (retryAfter > 0) {
      // A refused attempt checks nothing, so it does not count (and cannot push anyone further out).
      await this.store.unhit(keys)
      this.counts.throttled++
      throw new ApiError(429, 'auth.throttled', { seconds: retryAfter }, undefined, {
        'retry-after': String(retryAfter),
      })
    }
    return {
      succeeded: async () => {
        await this.store.clear([...new Set([narrow.key, login.key])])
        await this.store.unhit(keys.slice(1))
      },
      withdrawn: () => this.store.unhit(keys),
      failed: () => {
        this.counts.failures++
      },
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
