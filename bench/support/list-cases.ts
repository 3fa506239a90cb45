import { type RunningServer, startServer } from '../../e2e/support/server.ts'
import { captureRequests, get, load, loadUrl, login, onAdminDatabase } from './api.ts'
import { startBareRoute } from './bare-route.ts'
import { loadClient } from './http-load.ts'
import { pgbenchTps } from './pgbench.ts'
import { serverLogFile } from './statement-log.ts'

export type ListCase = [label: string, path: string, floor: string]

export interface ListCases {
  /** The cluster's maintenance database (statement logging is switched there). */
  adminUrl: string
  /** The loaded database the server runs on. */
  url: string
  /**
   * Each case: its label, the request, and the floor: a bare SELECT of the same page written here (the
   * page's rows, no count, no JSON, no joins the page does not filter or sort by).
   */
  cases: ListCase[]
  connections: number
  seconds: number
  rounds?: number
  /** Prints the API's median latency beside its p99 (the search bench's goal names both). */
  p50?: boolean
  /** Extra work while every statement is logged (e.g. an export, to capture its COPY). */
  whileLogging?: (server: RunningServer, token: string, logFile: string) => Promise<void>
}

/**
 * Each list request against its database's own speed, in one run. First a checkpoint writes out what the load
 * left, then the server runs with every statement logged, to capture what one request of each case sends
 * (after a warm-up, as in steady state); then it runs again without logging, and for each case, back to back:
 * wrk (support/http-load.ts) drives the request at `connections`; pgbench (`-M prepared`, as many clients:
 * the server prepares its statements too) replays the request's statements as one transaction; wrk drives a
 * bare Fastify route serving the case's bare SELECT; pgbench runs that bare SELECT. Prints the statements,
 * then requests a second, p99, the server's CPU milliseconds a request (load-independent; the route's beside
 * its requests, what the API adds to a request in Node), and the API's ratio to each of the three: the route
 * is the goal's measure (what any Node API gets here), the bare SELECT the database's ceiling; the replay
 * moves with the implementation. Last, the bound: what an API as lean as the bare route would answer with the
 * request's own statements, the route's time a request with the bare SELECT's share of the machine traded for
 * the replay's (every process shares the same cores, each loaded to the full), with the API's ratio to it and
 * its own to the route: where the bound is under 90% of the route, the statements, not Node, keep the API
 * from it. Answers the second server (still running) and its token.
 */
export async function compareListCases(
  options: ListCases,
): Promise<{ server: RunningServer; token: string }> {
  const { adminUrl, url, cases, connections, seconds } = options
  const name = new URL(url).pathname.slice(1)
  const logFile = await serverLogFile(adminUrl)
  // The load's pages written out before anything is timed, so that no case shares the disk with a checkpoint
  // spreading them over the next minutes (one ran through four and a half minutes of a commerce run's cases).
  await onAdminDatabase(adminUrl, 'checkpoint')
  await onAdminDatabase(adminUrl, `alter database ${name} set log_statement = 'all'`)
  let server = await startServer({ DATABASE_URL: url, SEED_DEMO: '0' })
  let token: string
  let captured: Awaited<ReturnType<typeof captureRequests>>
  try {
    token = await login(server)
    captured = await captureRequests(
      server,
      token,
      cases.map(([, path]) => path),
      { file: logFile, database: name },
    )
    await options.whileLogging?.(server, token, logFile)
  } finally {
    await server.stop()
    await onAdminDatabase(adminUrl, `alter database ${name} reset log_statement`)
  }

  server = await startServer({ DATABASE_URL: url, SEED_DEMO: '0' })
  token = await login(server)
  for (const [, path] of cases) await get(server, path, token)
  for (const [label, path, floor] of cases) {
    const { statements, meta } = captured.get(path) ?? { statements: [], meta: '' }
    console.log(`\n${label}: GET ${path}  total ${meta}, ${statements.length} statement(s) a request`)
    for (const s of statements)
      console.log(`  ${s.text.replace(/\s+/g, ' ').slice(0, 160)}  [${s.parameters.join(', ')}]`)
    console.log(`  floor: ${floor}`)
  }

  console.log(`\nrequests driven by ${loadClient}, ${connections} connections, ${seconds} s a case`)
  console.log('route: a bare Fastify route with pg serving the bare SELECT (the ceiling of a Node API here)')
  const width = Math.max(4, ...cases.map(([label]) => label.length)) + 2
  console.log(
    `\n${'case'.padEnd(width)}${'req/s'.padStart(8)}${options.p50 ? 'p50 ms'.padStart(8) : ''}${'p99 ms'.padStart(8)}${'cpu ms'.padStart(8)}` +
      `${'replay'.padStart(9)}${'ratio'.padStart(8)}${'route'.padStart(8)}${'cpu ms'.padStart(8)}${'ratio'.padStart(8)}` +
      `${'SELECT'.padStart(9)}${'ratio'.padStart(8)}${'bound'.padStart(8)}${'ratio'.padStart(8)}${'of route'.padStart(10)}`,
  )
  const bench = { clients: connections, seconds }
  const route = await startBareRoute(
    url,
    cases.map(([, , floor]) => floor),
  )
  try {
    for (let round = 1; round <= (options.rounds ?? 1); round++) {
      for (const [n, [label, path, floor]] of cases.entries()) {
        const statements = captured.get(path)?.statements ?? []
        const api = await load(server, path, token, { connections, seconds })
        const replay = await pgbenchTps(url, statements, bench)
        const bareRoute = await loadUrl(route.url(n), {}, route.pid, { connections, seconds })
        const bare = await pgbenchTps(url, [{ text: floor, parameters: [] }], bench)
        // The route's request with the bare SELECT's database work traded for the request's own (see above).
        const bound = 1 / (1 / bareRoute.rps - 1 / bare + 1 / replay)
        const ratio = (tps: number) => `${((100 * api.rps) / tps).toFixed(1)}%`.padStart(8)
        console.log(
          `${label.padEnd(width)}${api.rps.toFixed(0).padStart(8)}${options.p50 ? api.p50.toFixed(1).padStart(8) : ''}${api.p99.toFixed(0).padStart(8)}${api.cpuMs.toFixed(2).padStart(8)}` +
            `${replay.toFixed(0).padStart(9)}${ratio(replay)}${bareRoute.rps.toFixed(0).padStart(8)}${bareRoute.cpuMs.toFixed(2).padStart(8)}${ratio(bareRoute.rps)}` +
            `${bare.toFixed(0).padStart(9)}${ratio(bare)}` +
            `${bound.toFixed(0).padStart(8)}${ratio(bound)}${`${((100 * bound) / bareRoute.rps).toFixed(1)}%`.padStart(10)}` +
            `${api.failed ? `  ${api.failed} of ${api.total} failed` : ''}`,
        )
      }
    }
  } finally {
    await route.stop()
  }
  return { server, token }
}
