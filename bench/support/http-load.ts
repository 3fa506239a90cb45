import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { promisify } from 'node:util'
import autocannon from 'autocannon'

const run = promisify(execFile)
const WRK = '/usr/bin/wrk'

export interface HttpLoad {
  /** Which client drove it: `wrk` (C, as pgbench is) or `autocannon` (Node) where wrk is not installed. */
  client: 'wrk' | 'autocannon'
  rps: number
  p50: number
  p99: number
  total: number
  /** Answers other than 2xx and requests that got none (timeouts). */
  failed: number
}

export interface HttpLoadOptions {
  url: string
  headers: Record<string, string>
  connections: number
  seconds: number
}

/**
 * Drives one URL at a number of connections. On two cores the client shares the CPU with the server and
 * PostgreSQL, so it is wrk (`apt-get install wrk`), a C client like the pgbench the API is compared with:
 * autocannon, a Node client, spends about as much CPU a request as the server it measures.
 */
export function httpLoad(options: HttpLoadOptions): Promise<HttpLoad> {
  return loadClient === 'wrk' ? wrk(options) : cannon(options)
}

export const loadClient: HttpLoad['client'] = existsSync(WRK) ? 'wrk' : 'autocannon'

const toMs = (value: string, unit: string) =>
  Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 1)

async function wrk(options: HttpLoadOptions): Promise<HttpLoad> {
  const { stdout } = await run(WRK, [
    // wrk wants no more threads than connections.
    `--threads=${Math.min(2, options.connections)}`,
    `--connections=${options.connections}`,
    `--duration=${options.seconds}s`,
    '--timeout=10s',
    '--latency',
    ...Object.entries(options.headers).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
    options.url,
  ])
  const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? 0)
  // wrk --latency: "     99%   12.34ms", one line a percentile.
  const percentiles = new Map(
    [...stdout.matchAll(/^\s*(\d+)%\s+([\d.]+)(us|ms|s|m)\s*$/gm)].map((m) => [
      Number(m[1]),
      toMs(m[2] as string, m[3] as string),
    ]),
  )
  const percentile = (n: number) => percentiles.get(n) ?? Number.NaN
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)
  return {
    client: 'wrk',
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: percentile(50),
    p99: percentile(99),
    total: number(/(\d+) requests in/),
    failed:
      number(/Non-2xx or 3xx responses: (\d+)/) +
      (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  }
}

async function cannon(options: HttpLoadOptions): Promise<HttpLoad> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
  })
  return {
    client: 'autocannon',
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed: result.non2xx + result.errors,
  }
}
