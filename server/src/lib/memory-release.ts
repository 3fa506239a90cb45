/**
 * V8's collection frees a burst's garbage but keeps the pages it grew for it: a server that imported a
 * million rows (100 uploads of 10,000) held 296 MB resident where it had started at 150, with 50 MB of live
 * objects. Its "last resort" collection, the one it runs before giving up for want of memory, compacts the
 * heap and hands those pages back (the same server: 146 MB at most through a million-row export after
 * them). It stops the process for about a tenth of a second, so it runs around heavy work (imports,
 * exports), never during it: after `quietMs` with none running, or, when heavy work begins before that with
 * none running, first, so that each piece of heavy work starts on a compact heap and the process never holds
 * more than what runs needs.
 */
export type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void

/** What one release did: resident bytes before and after, and the milliseconds it stopped the process. */
export interface Released {
  before: number
  after: number
  ms: number
}

export interface MemoryRelease {
  /**
   * Heavy work begins (after a release, when earlier work left garbage and none runs); call the answer (once
   * is enough) when it is over.
   */
  heavyWork(): () => void
  /** A release once nothing heavy runs, as after heavy work (the server's start). */
  soon(): void
  /** Stops the timer (the server closing). */
  close(): void
}

export function createMemoryRelease({
  collect,
  quietMs,
  onRelease,
}: {
  /** V8's collection, `globalThis.gc` where Node runs with `--expose-gc`; without it nothing is done. */
  collect: Collect | undefined
  quietMs: number
  onRelease: (released: Released) => void
}): MemoryRelease {
  let running = 0
  let timer: NodeJS.Timeout | undefined

  function release() {
    timer = undefined
    if (!collect || running > 0) return
    const before = process.memoryUsage.rss()
    const started = performance.now()
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' })
    onRelease({ before, after: process.memoryUsage.rss(), ms: performance.now() - started })
  }

  function soon() {
    if (!collect) return
    clearTimeout(timer)
    // Unreferenced: a pending release never keeps a closing process alive.
    timer = setTimeout(release, quietMs).unref()
  }

  return {
    heavyWork() {
      // What earlier work left goes first (release() leaves it while other work runs).
      if (timer !== undefined) {
        clearTimeout(timer)
        release()
      }
      running++
      let over = false
      return () => {
        if (over) return
        over = true
        running--
        if (running === 0) soon()
      }
    },
    soon,
    close: () => clearTimeout(timer),
  }
}
