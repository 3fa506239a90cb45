/** One server-sent event as a page receives it. */
export interface ServerEvent {
  event: string
  // biome-ignore lint/suspicious/noExplicitAny: events are read as the test expects them.
  data: any
  /** When it arrived (performance.now()). */
  at: number
}

export interface EventStream {
  status: number
  /** The answer's body when it is not a stream (an error). */
  // biome-ignore lint/suspicious/noExplicitAny: API.md's error shape, read by the test.
  body: any
  /** Every event so far, in order. */
  events: ServerEvent[]
  /** The data of the latest event of that name. */
  // biome-ignore lint/suspicious/noExplicitAny: see ServerEvent.
  last(event: string): any
  close(): void
}

/** Opens `url` as a browser's page would (fetch, not EventSource: it sends the token) and keeps its events. */
export async function openEventStream(url: string, token: string): Promise<EventStream> {
  const abort = new AbortController()
  const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal })
  const events: ServerEvent[] = []
  const stream: EventStream = {
    status: answer.status,
    body: null,
    events,
    last: (event) => events.findLast((e) => e.event === event)?.data,
    close: () => abort.abort(),
  }
  if (!(answer.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    stream.body = await answer.json()
    return stream
  }
  const body = answer.body
  if (!body) throw new Error(`${url}: an event stream with no body`)
  const reader = body.pipeThrough(new TextDecoderStream()).getReader()
  void (async () => {
    let buffer = ''
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }))
      if (done) return
      buffer += value
      let end = buffer.indexOf('\n\n')
      while (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const event = /^event: (.*)$/m.exec(block)?.[1]
        const data = /^data: (.*)$/m.exec(block)?.[1]
        if (event && data !== undefined) events.push({ event, data: JSON.parse(data), at: performance.now() })
        end = buffer.indexOf('\n\n')
      }
    }
  })()
  return stream
}
