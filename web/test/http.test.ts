import type { IncomingMessage, ServerResponse } from 'node:http'
import Cookies from 'js-cookie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, download, filenameFrom, http, httpConfig } from '../src/api/http.ts'
import { readStoredPermissions, setPermissions, usePermissions } from '../src/stores/permission.ts'
import { startSession, TOKEN_COOKIE, useSession } from '../src/stores/session.ts'
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
  httpConfig.timeoutMs = 10_000
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

  it('snake_cases query keys, sort fields and the JSON body; camelCases the answer', async () => {
    answer = (_req, res) =>
      json(res, 201, { data: { id: 1, category_id: 4, created_at: 'x' }, meta: { total_estimated: 1 } })
    const result = await http.post('/tags', {
      query: { perPage: 20, sort: '-createdAt,id', keyword: '', typeId: undefined, ids: [1, 2] },
      body: { categoryId: 4, nested: [{ sortOrder: 1 }] },
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
    expect(result).toEqual({ data: { id: 1, categoryId: 4, createdAt: 'x' }, meta: { totalEstimated: 1 } })
  })

  it('answers undefined for 204', async () => {
    answer = (_req, res) => {
      res.writeHead(204)
      res.end()
    }
    await expect(http.delete('/tags/1')).resolves.toBeUndefined()
    expect(seen?.method).toBe('DELETE')
  })

  it('turns a 422 into ApiError with the first message per camelCase field, and logs it', async () => {
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
      fieldErrors: { categoryId: 'first', name: 'taken' },
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
    answer = (_req, res) => setTimeout(() => json(res, 200, {}), 500)
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

  it('ends the session on any 401: token and stored permissions gone, back at the root', async () => {
    answer = (_req, res) => json(res, 401, { message: 'Unauthenticated.' })
    await startSession('old-token', ['list-tags'])
    setPermissions(['list-tags'])
    expect(await readStoredPermissions('old-token')).toEqual(['list-tags'])
    window.location.hash = '#/tags?page=2'

    await expect(http.get('/tags')).rejects.toMatchObject({ status: 401 })

    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined()
    expect(useSession.getState().token).toBeUndefined()
    expect(usePermissions.getState().names).toBeNull()
    expect(localStorage.getItem('permissions')).toBeNull()
    expect(window.location.hash).toBe('')
  })
})

describe('CSV downloads', () => {
  it('reads the server file name from Content-Disposition', () => {
    expect(filenameFrom('attachment; filename="videos.csv"')).toBe('videos.csv')
    expect(filenameFrom('attachment; filename=plans.csv')).toBe('plans.csv')
    expect(filenameFrom("attachment; filename*=UTF-8''daily%20revenue.csv")).toBe('daily revenue.csv')
    expect(filenameFrom(null)).toBeNull()
  })

  it('logs and answers false when the export fails', async () => {
    answer = (_req, res) => json(res, 403, { message: 'Forbidden' })
    await expect(download('/videos/exportCsv', { status: 1 })).resolves.toBe(false)
    expect(seen?.url).toBe('/api/videos/exportCsv?status=1')
    expect(console.error).toHaveBeenCalled()
  })
})
