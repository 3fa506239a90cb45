/**
 * The figures' answers of the last moments, per process (docs/analytics.md "Recent answers"): a call
 * asked again within a quarter of STALE_MS (ANALYTICS_RECENT_MS) gets the answer already made; within
 * STALE_MS it gets it too while one refresh runs behind it; later it waits for a new one. The same call asked while its answer is being made waits for that
 * one. So a screen opened by many staff at once, or read again every few seconds, costs the database one
 * query a call and a second or so, not one a caller; and what it shows is at most STALE_MS older than the
 * fold's freshness (a committed row in every figure within 2 s, issue 35). A fold or rebuild in this process
 * (foldFigures, the zone's upkeep) forgets them all, so what it added shows at once.
 *
 * A key holds everything an answer depends on besides the rows: the call, its parameters and the channels
 * the caller sees now (computed for each request: taking a channel away narrows the next answer).
 */

/** Answered while a refresh runs when younger than this (ms, ANALYTICS_RECENT_MS); older, the caller waits. */
export const STALE_MS = 1200
/** Answered as it is when younger than a quarter of that. */
export const freshOf = (staleMs: number) => staleMs / 4
/** The most answers kept (the longest kept go first). */
const KEPT = 500

interface Entry {
  /** When the kept answer's making started (ms): its rows are at least this recent. */
  at: number
  value?: unknown
  making?: Promise<unknown>
}

/** Per database (the primary a process folds on): bumped by what changes every figure at once. */
const generations = new WeakMap<object, number>()

/** Every answer made before now from `db`'s rollups is forgotten (after a fold, a rebuild, a recount). */
export function forgetAnswers(db: object) {
  generations.set(db, (generations.get(db) ?? 0) + 1)
}

export interface RecentAnswers {
  answer<T>(key: string, make: () => Promise<T>): Promise<T>
}

export function recentAnswers(
  db: object,
  staleMs = STALE_MS,
  now: () => number = performance.now.bind(performance),
): RecentAnswers {
  // None kept: every call runs (ANALYTICS_RECENT_MS=0, as a bench measures what a call costs).
  if (staleMs === 0) return { answer: (_key, work) => work() }
  const freshMs = freshOf(staleMs)
  let entries = new Map<string, Entry>()
  let generation = generations.get(db) ?? 0

  const make = <T>(key: string, entry: Entry, work: () => Promise<T>): Promise<T> => {
    const kept = entries
    const started = now()
    const making = work().then(
      (value) => {
        // Not into a map emptied meanwhile: its answer may predate what the fold added.
        if (kept === entries) {
          kept.delete(key)
          kept.set(key, { at: started, value })
          if (kept.size > KEPT) kept.delete(kept.keys().next().value as string)
        }
        return value
      },
      (error: unknown) => {
        if (kept.get(key) === entry) {
          if (entry.value === undefined) kept.delete(key)
          else entry.making = undefined
        }
        throw error
      },
    )
    entry.making = making
    return making
  }

  return {
    answer<T>(key: string, work: () => Promise<T>): Promise<T> {
      const current = generations.get(db) ?? 0
      if (current !== generation) {
        generation = current
        entries = new Map()
      }
      const entry = entries.get(key)
      if (entry?.value !== undefined) {
        const age = now() - entry.at
        if (age < freshMs) return Promise.resolve(entry.value as T)
        if (age < staleMs) {
          // A refresh that fails leaves the kept answer; the first caller past staleMs makes it again.
          if (!entry.making) make(key, entry, work).catch(() => {})
          return Promise.resolve(entry.value as T)
        }
      }
      if (entry?.making) return entry.making as Promise<T>
      const fresh: Entry = { at: now() }
      entries.set(key, fresh)
      return make(key, fresh, work)
    },
  }
}
