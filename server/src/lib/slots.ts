import type { MessageKey } from '../i18n/index.ts'
import { ApiError } from './errors.ts'

/** Seconds a client is asked to wait when every slot is taken and the line is full. */
const BUSY_RETRY_SECONDS = 5

export interface Slots {
  /** A slot now, or 429 with Retry-After (the message `busy`) when all are taken. Call the answer once done. */
  take(): () => void
  /**
   * A slot, waiting in line for one while fewer than `queue` wait (first come, first served); 429 like
   * take() when the line is full too.
   */
  enter(): Promise<() => void>
  /** How many run and how many wait in line now, and how many were refused (429) since the start. */
  state(): { running: number; waiting: number; refused: number }
}

/**
 * At most `limit` pieces of work of one kind at once in this process (exports, bulk actions, analytics:
 * README "Configuration"); the one counter behind each of them.
 */
export function createSlots({
  limit,
  busy,
  queue = 0,
}: {
  limit: number
  busy: MessageKey
  queue?: number
}): Slots {
  let running = 0
  let refused = 0
  const waiting: (() => void)[] = []
  const refuse = () => {
    refused++
    return new ApiError(429, busy, {}, undefined, { 'retry-after': String(BUSY_RETRY_SECONDS) })
  }

  function release() {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = waiting.shift()
      // The slot passes straight to the first in line, so nobody arriving meanwhile takes it first.
      if (next) next()
      else running--
    }
  }

  return {
    take() {
      if (running >= limit) throw refuse()
      running++
      return release()
    },
    enter() {
      if (running < limit) {
        running++
        return Promise.resolve(release())
      }
      if (waiting.length >= queue) return Promise.reject(refuse())
      return new Promise((resolve) => waiting.push(() => resolve(release())))
    },
    state: () => ({ running, waiting: waiting.length, refused }),
  }
}
