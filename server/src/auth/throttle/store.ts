/** One key's count in its current window, and the seconds until that window ends. */
export interface Hit {
  count: number
  retryAfter: number
}

/** A counter to hit, and how long its window lasts from its first attempt. */
export interface Counter {
  key: string
  windowSeconds: number
}

/**
 * Attempt counters with a fixed window per key, shared by every process of the application: a database
 * table by default, Redis when REDIS_URL is set. Both do each step atomically, so concurrent attempts
 * through different processes are all counted.
 */
export interface AttemptStore {
  /** Counts one attempt against each counter (a window starts at a key's first attempt). */
  hit(counters: readonly Counter[]): Promise<Hit[]>
  /** Takes one attempt back from each key that is still counting (the attempt turned out not to fail). */
  unhit(keys: readonly string[]): Promise<void>
  /** Forgets the keys. */
  clear(keys: readonly string[]): Promise<void>
  close(): Promise<void>
}
