import { API_VERSION } from '@vod/contract/lists'
import { useApp } from '../stores/app.ts'
import { endSession, useSession } from '../stores/session.ts'
import { camelKeys, snakeKeys, toCamel, toSnake } from './case.ts'

/**
 * The one HTTP module (spec section 7, API.md): every call to the admin API goes through here. It adds
 * the headers, enforces the time-out, converts keys both ways, turns failures into ApiError and ends the
 * session on any 401.
 */

/** Where the API lives and how long a call may take (spec section 9); tests point it elsewhere. */
export const httpConfig = { baseUrl: '/api', timeoutMs: 10_000 }

export class ApiError extends Error {
  override name = 'ApiError'
  /** HTTP status; 0 when no answer came (network failure, time-out). */
  readonly status: number
  /** First message per field, camelCase (`categoryId`), from a 422 (spec section 5). */
  readonly fieldErrors: Record<string, string>

  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}) {
    super(message)
    this.status = status
    this.fieldErrors = fieldErrors
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[]
export type Query = Record<string, QueryValue>

export interface RequestOptions {
  query?: Query
  /** Plain data is sent as snake_case JSON; FormData and Blobs go as they are. */
  body?: unknown
  /** The caller's cancellation (TanStack Query passes one); a cancelled call is not an error to log. */
  signal?: AbortSignal
  /**
   * A Bearer token other than the session's (the short-lived two-factor token of a login in progress).
   * A 401 on such a call is the caller's to handle: it does not end the session.
   */
  token?: string
}

function buildUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    // `sort` carries field names (`-createdAt,id`), so its value is renamed like a key.
    const text = (v: string | number | boolean) =>
      key === 'sort' ? String(v).split(',').map(toSnake).join(',') : String(v)
    for (const item of Array.isArray(value) ? value : [value]) params.append(toSnake(key), text(item))
  }
  const search = params.toString()
  return `${httpConfig.baseUrl}${path}${search ? `?${search}` : ''}`
}

function headers(body: unknown, explicitToken: string | undefined): Headers {
  const result = new Headers({
    'X-Requested-With': 'XMLHttpRequest',
    'X-Api-Version': API_VERSION,
    'Accept-Language': useApp.getState().language === 'zh-cn' ? 'zh-CN' : 'en',
  })
  const token = explicitToken ?? useSession.getState().token
  if (token) result.set('Authorization', `Bearer ${token}`)
  if (body !== undefined && !isRaw(body)) result.set('Content-Type', 'application/json')
  return result
}

const isRaw = (body: unknown): body is FormData | Blob | URLSearchParams =>
  body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams

async function errorFrom(response: Response): Promise<ApiError> {
  let body: { message?: unknown; errors?: unknown } = {}
  try {
    body = await response.json()
  } catch {
    // A body that is not JSON (a proxy's HTML page): the status text is all there is.
  }
  const fieldErrors: Record<string, string> = {}
  if (body.errors && typeof body.errors === 'object') {
    for (const [field, messages] of Object.entries(body.errors)) {
      const first = Array.isArray(messages) ? messages[0] : messages
      if (typeof first === 'string') fieldErrors[toCamel(field)] = first
    }
  }
  const message =
    typeof body.message === 'string' ? body.message : response.statusText || `HTTP ${response.status}`
  return new ApiError(response.status, message, fieldErrors)
}

/** Sends the call and hands the successful response to `read` within the same time-out. */
async function exchange<T>(
  method: string,
  path: string,
  options: RequestOptions,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const { query, body, signal, token } = options
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, httpConfig.timeoutMs)
  const cancel = () => controller.abort()
  signal?.addEventListener('abort', cancel)
  try {
    const response = await fetch(buildUrl(path, query), {
      method,
      headers: headers(body, token),
      body: body === undefined ? undefined : isRaw(body) ? body : JSON.stringify(snakeKeys(body)),
      signal: controller.signal,
    })
    if (!response.ok) throw await errorFrom(response)
    return await read(response)
  } catch (caught) {
    if (signal?.aborted) throw caught
    const error =
      caught instanceof ApiError
        ? caught
        : new ApiError(0, timedOut ? `timeout of ${httpConfig.timeoutMs}ms exceeded` : String(caught))
    if (error.status === 401 && token === undefined) endSession()
    console.error(`${method} ${path} failed:`, error.status, error.message)
    throw error
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', cancel)
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = response.status === 204 ? '' : await response.text()
  return text ? camelKeys(JSON.parse(text)) : undefined
}

export function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return exchange(method, path, options, readJson) as Promise<T>
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  delete: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
}

/** `attachment; filename="videos.csv"` (or RFC 5987 `filename*=UTF-8''...`) -> `videos.csv`. */
export function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null
  const encoded = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(disposition)
  if (encoded?.[1]) return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''))
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition)
  return plain ? (plain[2] ?? plain[1] ?? '').trim() || null : null
}

/**
 * CSV exports (spec section 7): fetches the raw bytes and saves them under the server's file name.
 * Resolves false after logging when anything fails (spec section 8).
 */
export async function download(path: string, query?: Query, fallbackName = 'export.csv'): Promise<boolean> {
  try {
    const { blob, name } = await exchange('GET', path, { query }, async (response) => ({
      blob: await response.blob(),
      name: filenameFrom(response.headers.get('Content-Disposition')) ?? fallbackName,
    }))
    const url = URL.createObjectURL(blob)
    const link = Object.assign(document.createElement('a'), { href: url, download: name })
    link.click()
    // Revoking at once can cancel the save in some browsers; the bytes are freed a little later.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
    return true
  } catch (error) {
    console.error('Download failed:', error)
    return false
  }
}
