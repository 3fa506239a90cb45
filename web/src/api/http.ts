import { API_VERSION } from '@vod/contract/lists'
import { RESTORED_FROM_HEADER, type StaleAnswer } from '@vod/contract/versions'
import { takeBootAnswer } from './boot-answers.ts'

/**
 * The one HTTP module (spec section 7, API.md): every call to the admin API goes through here. It adds
 * the headers, enforces the time-out, turns failures into ApiError and reports any 401 of the session.
 * Keys are the wire's own (snake_case, API.md), in bodies, answers and queries alike: nothing renames them. It knows nothing of the app above it: the session and the language come in
 * through configureHttp (app/http-setup.ts), so `api/` imports from no store, route or resource.
 */

/** Where the API lives and how long a call may take (spec section 9); tests point it elsewhere. */
export const httpConfig = { baseUrl: '/api', timeoutMs: 10_000 }

/** What the HTTP module needs from the app, handed over once at start. */
export interface HttpHooks {
  /** The session's access token, if there is a session. */
  token: () => string | undefined
  /** The app's language (`en`, `zh-cn`), sent as Accept-Language. */
  language: () => string
  /** A call made with the session's token answered 401: the session is over (spec section 8). */
  onUnauthorized: (error: ApiError) => void
}

const hooks: HttpHooks = { token: () => undefined, language: () => 'en', onUnauthorized: () => {} }

export function configureHttp(given: Partial<HttpHooks>): void {
  Object.assign(hooks, given)
}

/** The app's language (`en`, `zh-cn`), as its calls send it. */
export const appLanguage = (): string => hooks.language()

export class ApiError extends Error {
  override name = 'ApiError'
  /** HTTP status; 0 when no answer came (network failure, time-out). */
  readonly status: number
  /** First message per field by its wire name (`category_id`), from a 422 (spec section 5). */
  readonly fieldErrors: Record<string, string>
  /** On a 429: seconds until another try is allowed (Retry-After). */
  retryAfter?: number
  /** On a 401 to the session's token: why it ended (`session_ended`, `account_disabled`). */
  reason?: string
  /** On a 412: the record changed since the version the write was made from (who, when, as it is now). */
  stale?: StaleAnswer

  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}) {
    super(message)
    this.status = status
    this.fieldErrors = fieldErrors
  }
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[]
export type Query = Record<string, QueryValue>

export interface RequestOptions {
  query?: Query
  /** Plain data is sent as JSON; FormData and Blobs go as they are. */
  body?: unknown
  /** The caller's cancellation (TanStack Query passes one); a cancelled call is not an error to log. */
  signal?: AbortSignal
  /**
   * A Bearer token other than the session's (the short-lived two-factor token of a login in progress).
   * A 401 on such a call is the caller's to handle: it does not end the session.
   */
  token?: string
  /** A longer time-out than the spec's 10 s, for calls that work through many rows (bulk actions). */
  timeoutMs?: number
  /** The browser's fetch priority: `high` for a screen's first figures asked early (base/early-data.ts). */
  priority?: RequestPriority
  /** The version of the record a write was made from: sent as If-Match, a 412 if the record moved on. */
  version?: string
  /** The history entry whose earlier values a PUT restores (X-Restored-From, contract/src/versions.ts). */
  restoredFrom?: number
}

export function buildUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item))
  }
  const search = params.toString()
  return `${httpConfig.baseUrl}${path}${search ? `?${search}` : ''}`
}

export function headers(
  body: unknown,
  explicitToken: string | undefined,
  version?: string,
  restoredFrom?: number,
): Headers {
  const result = new Headers({
    'X-Requested-With': 'XMLHttpRequest',
    'X-Api-Version': API_VERSION,
    'Accept-Language': hooks.language() === 'zh-cn' ? 'zh-CN' : 'en',
  })
  const token = explicitToken ?? hooks.token()
  if (token) result.set('Authorization', `Bearer ${token}`)
  if (body !== undefined && !isRaw(body)) result.set('Content-Type', 'application/json')
  // An entity tag is quoted (RFC 9110).
  if (version !== undefined) result.set('If-Match', `"${version}"`)
  if (restoredFrom !== undefined) result.set(RESTORED_FROM_HEADER, String(restoredFrom))
  return result
}

const isRaw = (body: unknown): body is FormData | Blob | URLSearchParams =>
  body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams

export function errorFrom(
  status: number,
  statusText: string,
  text: string,
  retryAfter: string | null,
): ApiError {
  let body: { message?: unknown; errors?: unknown; reason?: unknown; version?: unknown } = {}
  try {
    body = JSON.parse(text)
  } catch {
    // A body that is not JSON (a proxy's HTML page): the status text is all there is.
  }
  const fieldErrors: Record<string, string> = {}
  if (body.errors && typeof body.errors === 'object') {
    for (const [field, messages] of Object.entries(body.errors)) {
      const first = Array.isArray(messages) ? messages[0] : messages
      if (typeof first === 'string') fieldErrors[field] = first
    }
  }
  const message = typeof body.message === 'string' ? body.message : statusText || `HTTP ${status}`
  const error = new ApiError(status, message, fieldErrors)
  if (Number(retryAfter) > 0) error.retryAfter = Number(retryAfter)
  if (typeof body.reason === 'string') error.reason = body.reason
  // Read by its one field that says what it is: zod stays out of the login screen's bundle.
  if (status === 412 && typeof body.version === 'string') error.stale = body as StaleAnswer
  return error
}

/** Every failed call: a 401 of the session ends it; the failure is logged and handed to the caller. */
export function failed(
  method: string,
  path: string,
  error: ApiError,
  explicitToken: string | undefined,
): ApiError {
  if (error.status === 401 && explicitToken === undefined) hooks.onUnauthorized(error)
  console.error(`${method} ${path} failed:`, error.status, error.message)
  return error
}

/** A JSON answer; nothing for an empty body (204). */
export const parseAnswer = (text: string): unknown => (text ? JSON.parse(text) : undefined)

/** Sends the call and hands the successful response to `read` within the same time-out. */
async function exchange<T>(
  method: string,
  path: string,
  options: RequestOptions,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const {
    query,
    body,
    signal,
    token,
    timeoutMs = httpConfig.timeoutMs,
    priority,
    version,
    restoredFrom,
  } = options
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const cancel = () => controller.abort()
  signal?.addEventListener('abort', cancel)
  try {
    // A signed-in cold load's first calls went out from public/boot.js, before this code had arrived.
    const early =
      method === 'GET' && !query && !token && body === undefined ? takeBootAnswer(path) : undefined
    const response =
      (early && (await early)) ||
      (await fetch(buildUrl(path, query), {
        method,
        headers: headers(body, token, version, restoredFrom),
        body: body === undefined ? undefined : isRaw(body) ? body : JSON.stringify(body),
        signal: controller.signal,
        ...(priority ? { priority } : {}),
      }))
    if (!response.ok)
      throw errorFrom(
        response.status,
        response.statusText,
        await response.text(),
        response.headers.get('Retry-After'),
      )
    return await read(response)
  } catch (caught) {
    if (signal?.aborted) throw caught
    const error =
      caught instanceof ApiError
        ? caught
        : new ApiError(0, timedOut ? `timeout of ${timeoutMs}ms exceeded` : String(caught))
    throw failed(method, path, error, token)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', cancel)
  }
}

async function readJson(response: Response): Promise<unknown> {
  return parseAnswer(response.status === 204 ? '' : await response.text())
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
