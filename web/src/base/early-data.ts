/**
 * Calls started before their screen's code has arrived (app/route-prefetch.ts), handed to the screen's
 * query when it first asks (TanStack Query's queryFn), so that a screen's figures are asked for as its route
 * matches rather than after its code. In the boot chunk, without TanStack Query: the call goes out as soon as
 * the session is known, with nothing more to load first.
 */
export interface Call<T> {
  /** The screen's query key. */
  key: readonly unknown[]
  run: (options: { signal?: AbortSignal; priority?: RequestPriority }) => Promise<T>
}

/** An answer older than this is not handed over: the screen asks again. */
const MAX_AGE_MS = 30_000

const started = new Map<string, { at: number; answer: Promise<unknown> }>()
const idOf = (key: readonly unknown[]) => JSON.stringify(key)

/** Starts a call now, unless the same one started a moment ago and was not taken yet. */
export function startEarly(call: Call<unknown>): Promise<unknown> {
  const id = idOf(call.key)
  const found = started.get(id)
  if (found && Date.now() - found.at < MAX_AGE_MS) return found.answer
  // Asked ahead of the code the page loads meanwhile (Chromium still queues it behind files already waiting
  // for one of HTTP/1.1's six connections).
  const answer = call.run({ priority: 'high' })
  // Whoever takes it sees its failure; left untaken, it is no one's error.
  answer.catch(() => undefined)
  started.set(id, { at: Date.now(), answer })
  return answer
}

/** The call's answer: the early one if it started lately (once), else a new call. */
function takeEarly<T>(call: Call<T>, signal?: AbortSignal): Promise<T> {
  const id = idOf(call.key)
  const found = started.get(id)
  started.delete(id)
  return found && Date.now() - found.at < MAX_AGE_MS ? (found.answer as Promise<T>) : call.run({ signal })
}

/** The TanStack Query options of a call, whose first fetch takes the early answer. */
export const queryOf = <T>(call: Call<T>, staleTime: number) => ({
  queryKey: call.key,
  queryFn: ({ signal }: { signal: AbortSignal }) => takeEarly(call, signal),
  staleTime,
})
