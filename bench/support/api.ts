import pg from 'pg'
import { ADMIN, type RunningServer } from '../../e2e/support/server.ts'
import { cpuSeconds } from './cpu.ts'
import { httpLoad } from './http-load.ts'
import { type LoggedStatement, logSize, statementsSince } from './statement-log.ts'

/** Runs one statement on the cluster's maintenance database (e.g. to switch statement logging). */
export async function onAdminDatabase(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

export async function login(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const body = (await res.json()) as { access_token?: string }
  if (!body.access_token) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`)
  return body.access_token
}

/** One list request; its meta says whether the total was estimated. */
export async function get(server: RunningServer, path: string, token: string) {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
  const body = (await res.json()) as { meta?: { total: number; total_estimated?: 1 } }
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`)
  return body
}

/**
 * One URL driven at `connections` (support/http-load.ts), after a 2-second warm-up: requests a second, p99
 * (ms), how many failed (reported, not thrown, so one case past its limits does not hide the others'
 * figures), and the CPU milliseconds a request of process `pid`, the one answering.
 */
export async function loadUrl(
  url: string,
  headers: Record<string, string>,
  pid: number,
  options: { connections: number; seconds: number },
) {
  const drive = (seconds: number) => httpLoad({ url, headers, connections: options.connections, seconds })
  await drive(2)
  const cpuBefore = await cpuSeconds(pid)
  const result = await drive(options.seconds)
  const cpu = (await cpuSeconds(pid)) - cpuBefore
  return { ...result, cpuMs: (1000 * cpu) / Math.max(1, result.total) }
}

/** One API request as an admin, driven as loadUrl does, with the server's CPU a request. */
export function load(
  server: RunningServer,
  path: string,
  token: string,
  options: { connections: number; seconds: number },
) {
  return loadUrl(`${server.url}${path}`, { authorization: `Bearer ${token}` }, server.pid, options)
}

/**
 * The server's own background work, which the log shows beside a request's statements: the listening
 * connection's heartbeat (db/client.ts) and a step of the figures' fold (modules/analytics/keeping/index.ts).
 */
const BACKGROUND = [/^select 1$/, /^select vod_figures_fold\(/]

/**
 * What one request of each path sends to PostgreSQL (statement logging on): each path is warmed up three
 * times, then one request's statements are read from the log (the background's left out), with the list
 * total it answered.
 */
export async function captureRequests(
  server: RunningServer,
  token: string,
  paths: readonly string[],
  log: { file: string; database: string },
) {
  const captured = new Map<string, { statements: LoggedStatement[]; meta: string }>()
  for (const path of paths) {
    for (let i = 0; i < 3; i++) await get(server, path, token)
    const from = await logSize(log.file)
    const { meta } = await get(server, path, token)
    await new Promise((r) => setTimeout(r, 300))
    captured.set(path, {
      statements: (await statementsSince(log.file, from, log.database)).filter(
        (statement) => !BACKGROUND.some((pattern) => pattern.test(statement.text.trim())),
      ),
      // An answer that is no list (the search) has no total.
      meta: meta ? `${meta.total}${meta.total_estimated ? ' (est.)' : ''}` : '-',
    })
  }
  return captured
}
