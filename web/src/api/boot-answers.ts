/** Answers public/boot.js asked for as the page was parsed, by API path (`/auth/me`): see takeBootAnswer. */
declare global {
  interface Window {
    vodBootAnswers?: Map<string, Promise<Response | null>>
  }
}

/** Boot's answers are the page's first: later calls ask afresh. */
const BOOT_ANSWER_MS = 10_000

/**
 * The answer public/boot.js asked for at this path on a signed-in cold load, before any of the app's code had
 * arrived (the session's /auth/me, the dashboard's live figures once /auth/me grants them), taken once; null or
 * undefined: none, the caller asks itself. Boot asks with the same token cookie and the API version
 * index.html names; the HTTP module (api/http.ts) reads it as its own answer.
 */
export function takeBootAnswer(path: string): Promise<Response | null> | undefined {
  const answers = typeof window === 'undefined' ? undefined : window.vodBootAnswers
  const answer = answers?.get(path)
  answers?.delete(path)
  return answer && performance.now() < BOOT_ANSWER_MS ? answer : undefined
}
