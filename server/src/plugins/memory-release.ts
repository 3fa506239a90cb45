import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type Collect, createMemoryRelease } from '../lib/memory-release.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Heavy work (an import, an export) begins; call the answer when it is over (lib/memory-release.ts). */
    heavyWork(): () => void
  }
}

/** A second with nothing heavy running; heavy work that comes sooner releases what came before as it begins. */
const QUIET_MS = 1000

/**
 * Hands back the memory heavy work grew, around it and never during it, and the start's once the server is
 * ready (lib/memory-release.ts). Only where Node exposes its collector (`--expose-gc`, serverArgs in
 * scripts/build-server.mjs): the bundle `npm start`, the browser tests and the benches run.
 */
export const memoryReleasePlugin = fp(
  async (app: FastifyInstance) => {
    const release = createMemoryRelease({
      collect: (globalThis as { gc?: Collect }).gc,
      quietMs: QUIET_MS,
      onRelease: ({ before, after, ms }) =>
        app.log.info(
          `memory handed back: ${Math.round(before / 2 ** 20)} to ${Math.round(after / 2 ** 20)} MB resident in ${Math.round(ms)} ms`,
        ),
    })
    app.decorate('heavyWork', release.heavyWork)
    app.addHook('onReady', async () => release.soon())
    app.addHook('onClose', async () => release.close())
  },
  { name: 'memory-release' },
)
