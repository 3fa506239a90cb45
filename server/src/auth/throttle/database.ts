import { and, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { loginAttempts } from '../../db/schema/index.ts'
import type { AttemptStore, Counter, Hit } from './store.ts'

// The order PostgreSQL sorts the keys in under `collate "C"` (code points; the keys are ASCII before their digests).
const keyOrder = (a: Counter, b: Counter) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)

/** The rows of `keys`, locked one after another in key order (as the upsert takes them). */
const lockedInOrder = (keys: readonly string[]) =>
  sql`(select ${loginAttempts.key} from ${loginAttempts} where ${inArray(loginAttempts.key, [...keys])} order by ${loginAttempts.key} collate "C" for update)`

/**
 * Counters in the `login_attempts` table: one upsert per attempt, expired windows pruned as it goes. Every
 * write takes its rows' locks in key order: an upsert locks in the order of its values and an UPDATE in the
 * order it finds rows, so a refused attempt giving its counts back could otherwise deadlock with a parallel
 * attempt counting them (PostgreSQL broke the tie after a second by failing one of them).
 */
export class DatabaseAttemptStore implements AttemptStore {
  readonly db: Db
  constructor(db: Db) {
    this.db = db
  }

  async hit(counters: readonly Counter[]): Promise<Hit[]> {
    const expired = sql`${loginAttempts.expiresAt} <= now()`
    const rows = await this.db
      .insert(loginAttempts)
      .values(
        [...counters].sort(keyOrder).map(({ key, windowSeconds }) => ({
          key,
          count: 1,
          expiresAt: sql`now() + make_interval(secs => ${windowSeconds})`,
        })),
      )
      .onConflictDoUpdate({
        target: loginAttempts.key,
        // A window that has run out starts again from this attempt.
        set: {
          count: sql`case when ${expired} then 1 else ${loginAttempts.count} + 1 end`,
          expiresAt: sql`case when ${expired} then excluded.expires_at else ${loginAttempts.expiresAt} end`,
        },
      })
      .returning({
        key: loginAttempts.key,
        count: loginAttempts.count,
        retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${loginAttempts.expiresAt} - now())))::integer`,
      })
    // Windows nobody touched again, a batch at a time; the index on expires_at keeps this cheap. Rows another
    // attempt holds are skipped, so two logins never wait on each other here (nor deadlock).
    await this.db.execute(sql`delete from ${loginAttempts} where ${loginAttempts.key} in (
      select ${loginAttempts.key} from ${loginAttempts} where ${loginAttempts.expiresAt} <= now()
      limit 100 for update skip locked)`)
    const byKey = new Map(rows.map((r) => [r.key, r]))
    return counters.map(({ key, windowSeconds }) => {
      const row = byKey.get(key)
      return { count: row?.count ?? 1, retryAfter: row?.retryAfter ?? windowSeconds }
    })
  }

  async unhit(keys: readonly string[]): Promise<void> {
    await this.db
      .update(loginAttempts)
      .set({ count: sql`greatest(${loginAttempts.count} - 1, 0)` })
      .where(and(inArray(loginAttempts.key, lockedInOrder(keys)), gt(loginAttempts.expiresAt, sql`now()`)))
  }

  async clear(keys: readonly string[]): Promise<void> {
    await this.db.delete(loginAttempts).where(inArray(loginAttempts.key, lockedInOrder(keys)))
  }

  async close(): Promise<void> {}
}
