import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../e2e/support/server.ts'
import { loadConfig } from '../../server/src/config.ts'

export interface BareRoute {
  /** The URL answering floor `n` (the case's bare SELECT) as JSON. */
  url(n: number): string
  /** The URL answering a constant, as the product's /api/health does, with no database. */
  constant: string
  /** The URL of an event stream held open with nothing behind it. */
  events: string
  pid: number
  stop(): Promise<void>
}

/**
 * A bare Fastify route with pg serving each case's bare SELECT (bare-route-server.mjs), run as a process
 * of its own like the product: the ceiling of a Node API on this machine, printed beside the product.
 */
export async function startBareRoute(url: string, floors: string[]): Promise<BareRoute> {
  const port = await freePort()
  const child: ChildProcess = spawn(
    // The Node the product's server runs on (e2e/support/server.ts).
    join(fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url))),
    [fileURLToPath(new URL('./bare-route-server.mjs', import.meta.url))],
    {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        FLOORS: JSON.stringify(floors),
        // The pool the product's server keeps on this machine (DATABASE_POOL_SIZE unset).
        POOL_SIZE: String(loadConfig({}).databasePoolSize),
      },
    },
  )
  const [chunk] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer]
  if (!chunk.toString().includes('listening')) throw new Error(`bare route: ${chunk}`)
  return {
    url: (n) => `http://127.0.0.1:${port}/floor/${n}`,
    constant: `http://127.0.0.1:${port}/constant`,
    events: `http://127.0.0.1:${port}/events`,
    pid: child.pid as number,
    async stop() {
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}
