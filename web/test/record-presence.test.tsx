import type { ServerResponse } from 'node:http'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import type { PresenceSaved } from '@vod/contract/presence'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { RecordPresence } from '../src/components/resource/RecordPresence.tsx'
import { useApp } from '../src/stores/app.ts'
import { useSession } from '../src/stores/session.ts'
import { serveApi } from './api-server.ts'

/** The page's stream, held open by the test, which writes the server's events into it. */
let stream: ServerResponse | null = null
const beats: { state: string; connection: string }[] = []
const send = (event: string, data: unknown) =>
  stream?.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)

serveApi((req, res) => {
  const path = new URL(req.url ?? '/', 'http://api').pathname
  if (req.method === 'GET' && path === '/api/presence/tags/5') {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    stream = res
    send('hello', { connection: 'c-self' })
    return
  }
  if (req.method === 'PUT' && path === '/api/presence/tags/5') {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      beats.push(JSON.parse(body))
      res.writeHead(204).end()
    })
    return
  }
  res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}')
})

const person = (connection: string, id: number, name: string, state: 'viewing' | 'editing') => ({
  connection,
  admin_id: id,
  username: name.toLowerCase(),
  name,
  avatar: null,
  state,
})
const saved = (id: number, name: string): PresenceSaved => ({
  resource: 'tags',
  id: 5,
  version: '900',
  by: { admin_id: id, username: name.toLowerCase(), name },
})

describe('who else is on a record', () => {
  beforeAll(() => {
    act(() => useApp.getState().setLanguage('en'))
    useSession.setState({ token: 'token', profile: { id: 1 } as never })
  })
  afterAll(() => {
    cleanup()
    stream?.end()
  })

  it("shows the others and who of them edits, says this page's editing, and passes on others' saves and one's own scheduled ones", async () => {
    const onSaved = vi.fn()
    const { rerender } = render(<RecordPresence path="/tags/5" id="5" editing={false} onSaved={onSaved} />)
    await waitFor(() => expect(stream).not.toBeNull())
    expect(screen.queryByTestId('record-presence')).toBeNull()

    send('presence', { people: [person('c-2', 2, 'Ada', 'viewing'), person('c-3', 3, 'Lin', 'editing')] })
    expect((await screen.findByTestId('presence-summary')).textContent).toBe('Editing now: Lin')
    expect(screen.getAllByTestId('presence-editing')).toHaveLength(1)
    expect(screen.getByLabelText('Ada')).toBeTruthy()

    send('presence', { people: [person('c-2', 2, 'Ada', 'viewing')] })
    await waitFor(() => expect(screen.getByTestId('presence-summary').textContent).toBe('Also here: Ada'))

    rerender(<RecordPresence path="/tags/5" id="5" editing onSaved={onSaved} />)
    await waitFor(() => expect(beats.at(-1)).toEqual({ connection: 'c-self', state: 'editing' }))

    send('saved', saved(1, 'Me'))
    send('saved', saved(2, 'Ada'))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved(2, 'Ada')))
    expect(onSaved).toHaveBeenCalledTimes(1)
    // One's own change scheduled ahead, made at its time, is news to this page.
    const mine = { ...saved(1, 'Me'), scheduled: true as const }
    send('saved', mine)
    await waitFor(() => expect(onSaved).toHaveBeenLastCalledWith(mine))
    expect(onSaved).toHaveBeenCalledTimes(2)

    send('presence', { people: [] })
    await waitFor(() => expect(screen.queryByTestId('record-presence')).toBeNull())
  })
})
