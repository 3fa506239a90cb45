import {
  ApiError,
  appLanguage,
  buildUrl,
  errorFrom,
  failed,
  headers,
  parseAnswer,
  type Query,
  request,
} from './http.ts'

/**
 * The HTTP module's long transfers, apart from it so that the login screen does not carry them: uploads
 * with progress and downloads the browser streams to disk. Same headers, errors and 401 handling.
 */

export interface UploadOptions {
  query?: Query
  signal?: AbortSignal
  /** Called as the body goes out: bytes sent and the total (0 when the browser cannot tell). */
  onProgress?: (sent: number, total: number) => void
}

/**
 * Sends a form (a CSV, an image) with progress reports, through XMLHttpRequest since fetch cannot report
 * an upload's progress. No time-out: a large file may take minutes; the caller's signal cancels it.
 */
export function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { query, signal, onProgress } = options
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', buildUrl(path, query))
    headers(form, undefined).forEach((value, name) => {
      xhr.setRequestHeader(name, value)
    })
    xhr.upload.addEventListener('progress', (event) =>
      onProgress?.(event.loaded, event.lengthComputable ? event.total : 0),
    )
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(parseAnswer(xhr.responseText) as T)
        } catch (caught) {
          reject(failed('POST', path, new ApiError(xhr.status, String(caught)), undefined))
        }
      } else
        reject(
          failed(
            'POST',
            path,
            errorFrom(xhr.status, xhr.statusText, xhr.responseText, xhr.getResponseHeader('Retry-After')),
            undefined,
          ),
        )
    })
    xhr.addEventListener('error', () =>
      reject(failed('POST', path, new ApiError(0, 'Network Error'), undefined)),
    )
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')))
    signal?.addEventListener('abort', () => xhr.abort())
    xhr.send(form)
  })
}

/**
 * CSV exports (contract page, item 4): the browser is sent to the export's URL, so it streams the file
 * straight to disk however long it takes, with no Blob and no time-out. A navigation carries no
 * Authorization header, so a one-use ticket for that path rides in the query, and no Accept-Language of
 * the app's, so its language does too (`lang`: the CSV's header row as this screen labels its columns).
 * Resolves false after logging when the ticket cannot be had (spec section 8).
 */
export async function download(path: string, query?: Query): Promise<boolean> {
  try {
    const { data } = await request<{ data: { ticket: string } }>('POST', '/download-tickets', {
      body: { path },
    })
    // An empty `download` keeps the page where it is and takes the server's file name.
    const link = Object.assign(document.createElement('a'), {
      href: buildUrl(path, { ...query, lang: appLanguage(), ticket: data.ticket }),
      download: '',
    })
    link.click()
    return true
  } catch (error) {
    console.error('Download failed:', error)
    return false
  }
}
