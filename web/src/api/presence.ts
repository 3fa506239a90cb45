import {
  type PresenceEditing,
  type PresencePerson,
  type PresenceSaved,
  type PresenceState,
  presenceEditingAnswer,
  presenceEvents,
} from '@vod/contract/presence'
import { buildUrl, headers, request } from './http.ts'

/**
 * Who else is on a record (contract/src/presence.ts): the server's event stream read through fetch, since
 * EventSource cannot send the session's token. Like EventSource it reconnects by itself, after a pause that
 * grows while the server cannot be reached; it stops for good on a 4xx (no permission, no such record).
 */
export interface PresenceHandlers {
  /** This page's connection, anew after each reconnection. */
  onHello: (connection: string) => void
  onPeople: (people: PresencePerson[]) => void
  onSaved: (saved: PresenceSaved) => void
}

const RETRY_MS = [1_000, 3_000, 10_000, 30_000]

export function watchPresence(path: string, handlers: PresenceHandlers, signal: AbortSignal): void {
  let failures = 0
  const again = () => {
    if (signal.aborted) return
    const pause = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]
    failures++
    setTimeout(() => void connect(), pause)
  }
  async function connect() {
    try {
      const response = await fetch(buildUrl(path), { headers: headers(undefined, undefined), signal })
      if (response.status >= 400 && response.status < 500) return
      if (!response.ok || !response.body) return again()
      failures = 0
      await readEvents(response.body, (event, data) => {
        // Read through the contract's shapes: an event of another shape is not acted on.
        if (event === 'hello') handlers.onHello(presenceEvents.hello.parse(data).connection)
        else if (event === 'presence') handlers.onPeople(presenceEvents.presence.parse(data).people)
        else if (event === 'saved') handlers.onSaved(presenceEvents.saved.parse(data))
      })
      // The server closed the stream (a restart, a missed heartbeat): nobody is known until it answers again.
      handlers.onPeople([])
      again()
    } catch {
      if (!signal.aborted) {
        handlers.onPeople([])
        again()
      }
    }
  }
  void connect()
}

/** Reads `event:`/`data:` blocks as they come until the stream ends. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: string, data: unknown) => void) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    buffer += decoder.decode(value, { stream: true })
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const event = /^event: (.*)$/m.exec(block)?.[1]
      const data = /^data: (.*)$/m.exec(block)?.[1]
      if (event && data !== undefined) onEvent(event, JSON.parse(data))
    }
  }
}

/** This page is still open, and viewing or editing (its heartbeat). */
export const tellPresence = (path: string, connection: string, state: PresenceState) =>
  request<void>('PUT', path, { body: { connection, state } })

/** Of a list's rows (`ids`), those someone else is editing now, and who (GET /api/presence/{resource}). */
export const editingRows = async (resource: string, ids: readonly number[], signal?: AbortSignal) =>
  presenceEditingAnswer.parse(
    await request<unknown>('GET', `/presence/${resource}`, { query: { ids: ids.join(',') }, signal }),
  ).data satisfies PresenceEditing[]
