import { request } from 'node:http'
import type { Answer, Json, RequestOptions } from './harness.ts'

/**
 * A request to a test app (listening on 127.0.0.1) sent from another loopback address, 127.0.0.2 and up:
 * to the server a different client, as real as any (Linux routes all of 127/8 to the loopback interface).
 */
export function requestFrom<T = Json>(
  baseUrl: string,
  localAddress: string,
  path: string,
  options: RequestOptions = {},
): Promise<Answer<T>> {
  const { hostname, port } = new URL(baseUrl)
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const body = options.body === undefined ? undefined : JSON.stringify(options.body)
  if (body !== undefined) headers['content-type'] ??= 'application/json'
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, path, method: options.method ?? 'GET', headers, localAddress },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => {
          const answerHeaders = new Headers()
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value)
          const json = (res.headers['content-type'] ?? '').includes('json') && text
          resolve({
            status: res.statusCode ?? 0,
            headers: answerHeaders,
            body: json ? JSON.parse(text) : text,
          })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}
