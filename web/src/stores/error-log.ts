import { create } from 'zustand'

/** One error caught while the app ran (the template's error log). */
export interface LoggedError {
  id: number
  message: string
  /** Where it happened: the React component stack, or the source file:line:column. */
  place: string
  /** The page's URL when it happened, with its hash route. */
  url: string
  stack: string
  /** Milliseconds since the epoch. */
  time: number
}

export const ERROR_LOG_LIMIT = 50

interface ErrorLogState {
  /** Newest first, at most ERROR_LOG_LIMIT. */
  errors: LoggedError[]
  clear: () => void
}

export const useErrorLog = create<ErrorLogState>()((set) => ({
  errors: [],
  clear: () => set({ errors: [] }),
}))

let lastId = 0
/** The same error can reach more than one catcher (a route's error element, then a listener). */
const seen = new WeakSet<object>()

/**
 * The first frame's `file:line:column` of a stack trace: Chromium's `at f (url:1:2)` or `at <anonymous>:1:2`
 * (code run from the console), Firefox's `f@url:1:2`.
 */
const sourceOf = (stack: string) => /^\s*(?:at .*?\(?|.*@)([^\s()@]+:\d+:\d+)\)?$/m.exec(stack)?.[1] ?? ''

/** An Error's message; a router error response's status; anything else as text. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  if (typeof error === 'object' && error !== null) {
    const { message, status, statusText } = error as Record<string, unknown>
    if (typeof message === 'string') return message
    if (status !== undefined) return `${status} ${statusText ?? ''}`.trim()
  }
  return String(error)
}

/**
 * Adds an error to the log, in every build. Only records: whoever caught the error still reports it to
 * the console. `place` defaults to the first source position of the error's stack.
 */
export function recordError(error: unknown, place?: string): void {
  if (typeof error === 'object' && error !== null) {
    if (seen.has(error)) return
    seen.add(error)
  }
  const stack = (error instanceof Error && error.stack) || ''
  const entry: LoggedError = {
    id: ++lastId,
    message: messageOf(error),
    place: place?.trim() || sourceOf(stack),
    url: location.href,
    stack,
    time: Date.now(),
  }
  useErrorLog.setState((state) => ({ errors: [entry, ...state.errors].slice(0, ERROR_LOG_LIMIT) }))
}

const onError = (event: ErrorEvent) => {
  // A browser notice about layout, not a fault of the app (antd's resize observers trigger it).
  if (event.message?.startsWith('ResizeObserver loop')) return
  const error = event.error ?? event.message
  recordError(error, event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : undefined)
}
const onRejection = (event: PromiseRejectionEvent) => recordError(event.reason)

let installed = false

/**
 * Listens for uncaught errors and unhandled rejections; called once at start (main.tsx). The listeners
 * do not cancel the events, so the browser still prints them. Returns the removal, for tests.
 */
export function installErrorListeners(): () => void {
  if (installed) return () => undefined
  installed = true
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)
  return () => {
    installed = false
    window.removeEventListener('error', onError)
    window.removeEventListener('unhandledrejection', onRejection)
  }
}
