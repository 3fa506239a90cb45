import type { IncomingMessage, ServerResponse } from 'node:http'
import Cookies from 'js-cookie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { ApiError, http, httpConfig } from '../src/api/http.ts'
import { download, upload } from '../src/api/transfer.ts'
import { useApp } from '../src/stores/app.ts'
import { readStoredPermissions, setPermissions, usePermissions } from '../src/stores/permission.ts'
import { SESSION_NOTICE_KEY, startSession, TOKEN_COOKIE, useSession } from '../src/stores/session.ts'
import { serveApi } from './api-server.ts'

/** What the test server saw of the last request. */
interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

let seen: Seen | undefined
let answer: (req: IncomingMessage, res: ServerResponse) => void

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(body))
}

serveApi((req, res) => {
  let body = ''
  req.on('data', (chunk) => {
    body += chunk
  })
  req.on('end', () => {
    seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body }
    answer(req, res)
  })
})

beforeEach(() => {
  seen = undefined
  httpConfig.timeoutMs = scaled(10_000)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.restoreAllMocks()
  Cookies.remove(TOKEN_COOKIE)
  useSession.setState({ token: undefined, profile: null })
})

describe('the HTTP module against a real server', () => {
  it('sends the token, XHR and API version headers', async () => {
    answer = (_req, res) => json(res, 200, { data: [] })
    await startSession('secret-token', [])
    await http.get('/tags')
    expect(seen?.headers.authorization).toBe('Bearer secret-token')
    expect(seen?.headers['x-requested-with']).toBe('XMLHttpRequest')
    expect(seen?.headers['x-api-version']).toBe('1.0')
  })

  it('sends no Authorization header without a session', async () => {
    answer = (_req, res) => json(res, 200, {})
    await http.post('/login', { body: { username: 'a', password: 'b' } })
    expect(seen?.headers.authorization).toBeUndefined()
  })

  it('sends query keys, sort fields and the JSON body as given (the wire names), and answers as sent', async () => {
    answer = (_req, res) =>
      json(res, 201, { data: { id: 1, category_id: 4, created_at: 'x' }, meta: { total_estimated: 1 } })
    const result = await http.post('/tags', {
      query: { per_page: 20, sort: '-created_at,id', keyword: '', type_id: undefined, ids: [1, 2] },
      body: { category_id: 4, nested: [{ sort_order: 1 }] },
    })
    const url = new URL(seen?.url ?? '', 'http://x')
    expect(url.pathname).toBe('/api/tags')
    expect([...url.searchParams]).toEqual([
      ['per_page', '20'],
      ['sort', '-created_at,id'],
      ['ids', '1'],
      ['ids', '2'],
    ])
    expect(seen?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(seen?.body ?? '')).toEqual({ category_id: 4, nested: [{ sort_order: 1 }] })
    expect(result).toEqual({ data: { id: 1, category_id: 4, created_at: 'x' }, meta: { total_estimated: 1 } })
  })

  it('answers undefined for 204', async () => {
    answer = (_req, res) => {
      res.writeHead(204)
      res.end()
    }
    await expect(http.delete('/tags/1')).resolves.toBeUndefined()
    expect(seen?.method).toBe('DELETE')
  })

  it('turns a 422 into ApiError with the first message per field, by its wire name, and logs it', async () => {
    answer = (_req, res) =>
      json(res, 422, {
        message: 'The given data was invalid.',
        errors: { category_id: ['first', 'second'], name: ['taken'] },
      })
    const error = await http.put('/tags/1', { body: { name: 'x' } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 422,
      message: 'The given data was invalid.',
      fieldErrors: { category_id: 'first', name: 'taken' },
    })
    expect(console.error).toHaveBeenCalled()
  })

  it('keeps the status of errors without a JSON body', async () => {
    answer = (_req, res) => {
      res.writeHead(502, 'Bad Gateway')
      res.end('<html>proxy</html>')
    }
    await expect(http.get('/tags')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' })
  })

  it('gives up after the time-out', async () => {
    httpConfig.timeoutMs = 50
    // Never answered: the call can end only by its own time-out, however slow the host.
    answer = () => undefined
    await expect(http.get('/slow')).rejects.toMatchObject({ status: 0, message: 'timeout of 50ms exceeded' })
  })

  it('rethrows a cancellation by the caller without logging it', async () => {
    answer = (_req, res) => setTimeout(() => json(res, 200, {}), 500)
    const controller = new AbortController()
    const call = http.get('/slow', { signal: controller.signal })
    controller.abort()
    await expect(call).rejects.toThrow()
    expect(console.error).not.toHaveBeenCalled()
  })

  it('ends the session on any 401: token and stored permissions gone, at login saying why, to come back', async () => {
    answer = (_req, res) =>
      json(res, 401, { message: 'Your account is disabled.', reason: 'account_disabled' })
    await startSession('old-token', ['list-tags'])
    setPermissions(['list-tags'])
    expect(await readStoredPermissions('old-token')).toEqual(['list-tags'])
    window.location.hash = '#/tags?page=2'

    await expect(http.get('/tags')).rejects.toMatchObject({ status: 401 })

    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined()
    expect(useSession.getState().token).toBeUndefined()
    expect(usePermissions.getState().names).toBeNull()
    expect(localStorage.getItem('permissions')).toBeNull()
    expect(window.location.hash).toBe(`#/login?redirect=${encodeURIComponent('/tags?page=2')}`)
    expect(JSON.parse(sessionStorage.getItem(SESSION_NOTICE_KEY) ?? '{}')).toEqual({
      reason: 'account_disabled',
      drafts: 0,
    })
  })

  it('reads Retry-After of a 429', async () => {
    answer = (_req, res) => {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '898' })
      res.end(JSON.stringify({ message: 'Too many login attempts.' }))
    }
    await expect(http.post('/login', { body: {} })).rejects.toMatchObject({ status: 429, retryAfter: 898 })
  })

  it('sends the version a write was made from as If-Match, and reads a 412 for who changed the record', async () => {
    const stale = {
      message: 'ann changed this record at 2026-11-21T10:00:00.000Z …',
      version: '812',
      changed_by: 'ann',
      changed_at: '2026-11-21T10:00:00.000Z',
      data: { id: 3, first_name: 'Ann', version: '812' },
    }
    answer = (_req, res) => json(res, 412, stale)
    await expect(http.put('/users/3', { body: { last_name: 'Lee' }, version: '734' })).rejects.toMatchObject({
      status: 412,
      message: stale.message,
      stale,
    })
    expect(seen?.headers['if-match']).toBe('"734"')
    answer = (_req, res) => json(res, 200, { data: {} })
    await http.put('/users/3', { body: {} })
    expect(seen?.headers['if-match']).toBeUndefined()
  })
})

describe('CSV downloads by a navigated, ticketed URL', () => {
  it('asks a ticket for the export path, then sends the browser to the export with the filters and the ticket', async () => {
    const requests: Seen[] = []
    answer = (_req, res) => {
      if (seen) requests.push(seen)
      json(res, 201, { data: { ticket: 'one-use', expires_in: 60 } })
    }
    const opened: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      opened.push(this.href)
    })
    await startSession('secret-token', [])
    // Files before this one in the same worker may have left the app in English.
    useApp.getState().setLanguage('zh-cn')

    await expect(download('/notes/exportCsv', { status: 'draft', sort: '-created_at' })).resolves.toBe(true)

    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/download-tickets' })
    expect(requests[0]?.headers.authorization).toBe('Bearer secret-token')
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ path: '/notes/exportCsv' })
    // With the app's language, which the CSV's header row is written in.
    expect(opened).toEqual([
      `${httpConfig.baseUrl}/notes/exportCsv?status=draft&sort=-created_at&lang=zh-cn&ticket=one-use`,
    ])
  })

  it('logs and answers false when no ticket is given, and opens nothing', async () => {
    answer = (_req, res) => json(res, 403, { message: 'Forbidden' })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    await expect(download('/videos/exportCsv', { status: 1 })).resolves.toBe(false)
    expect(seen?.url).toBe('/api/download-tickets')
    expect(click).not.toHaveBeenCalled()
    expect(console.error).toHaveBeenCalled()
  })
})

describe('uploads with progress', () => {
  const csvForm = (bytes: number) => {
    const form = new FormData()
    form.append('file', new File(['title\n', 'x'.repeat(bytes)], 'notes.csv', { type: 'text/csv' }))
    return form
  }

  it('sends the form with the usual headers, reports progress up to the whole body and camelCases the answer', async () => {
    answer = (_req, res) => json(res, 201, { data: { created: 2, ids: [5, 6] } })
    await startSession('secret-token', [])
    const progress: [number, number][] = []
    const result = await upload('/notes/batch-create', csvForm(200_000), {
      onProgress: (sent, total) => progress.push([sent, total]),
    })
    expect(result).toEqual({ data: { created: 2, ids: [5, 6] } })
    expect(seen?.method).toBe('POST')
    expect(seen?.url).toBe('/api/notes/batch-create')
    expect(seen?.headers.authorization).toBe('Bearer secret-token')
    expect(seen?.headers['x-api-version']).toBe('1.0')
    expect(seen?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(seen?.body).toContain('filename="notes.csv"')
    const [sent, total] = progress.at(-1) ?? [0, 0]
    expect(total).toBeGreaterThan(200_000)
    expect(sent).toBe(total)
  })

  it("turns a 422 into ApiError keeping each row's field path", async () => {
    answer = (_req, res) =>
      json(res, 422, {
        message: 'Some rows are invalid.',
        errors: { 'rows.2.title': ['Required'], 'rows.5.tag_ids': ['Unknown tag'] },
      })
    const error = await upload('/notes/batch-create', csvForm(10)).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 422,
      message: 'Some rows are invalid.',
      fieldErrors: { 'rows.2.title': 'Required', 'rows.5.tag_ids': 'Unknown tag' },
    })
  })

  it('ends the session on a 401 like any call', async () => {
    answer = (_req, res) => json(res, 401, { message: 'Unauthenticated.' })
    await startSession('old-token', [])
    await expect(upload('/notes/batch-create', csvForm(10))).rejects.toMatchObject({ status: 401 })
    expect(useSession.getState().token).toBeUndefined()
  })

  it('stops when the caller cancels', async () => {
    answer = (_req, res) => setTimeout(() => json(res, 201, {}), 500)
    const controller = new AbortController()
    const sending = upload('/notes/batch-create', csvForm(10), { signal: controller.signal })
    controller.abort()
    await expect(sending).rejects.toMatchObject({ name: 'AbortError' })
  })
})
