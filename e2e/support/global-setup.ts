import { rm } from 'node:fs/promises'
import type { TestProject } from 'vitest/node'
import { launchBrowserServer } from './browser.ts'
import { seededDataDir, startServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One product per worker (`VITEST_POOL_ID` picks it, product.ts), which the worker's files share one after
     * another (a file needing other settings starts its own).
     */
    e2eServerUrls: string[]
    /** One Chromium per worker; each file connects to its worker's and works in contexts of its own. */
    e2eBrowserEndpoints: string[]
    /** A server's data directory after its first start (seededDataDir), for a file's own server to copy. */
    e2eSeededDataDir: string
  }
}

/**
 * A server and a Chromium for each worker of the browser suite (vitest.config.ts, `maxWorkers`): a worker runs
 * its files one after another, so a server never has two files at once, as when the suite ran on one worker.
 * Test files keep apart by their own data.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, project.config.maxWorkers)
  // One first start (migrating and seeding, most of a start's CPU) while the browsers launch; every server
  // of the run, the lanes' and the files' own, then starts from a copy of its data.
  const browsers = Promise.all(Array.from({ length: workers }, () => launchBrowserServer()))
  const seeded = await seededDataDir()
  const lanes = await Promise.all(
    Array.from({ length: workers }, async (_, n) => {
      const server = await startServer({}, { from: seeded })
      const browser = (await browsers)[n]
      if (!browser) throw new Error(`no browser for lane ${n}`)
      return [server, browser] as const
    }),
  )
  project.provide('e2eSeededDataDir', seeded)
  project.provide(
    'e2eServerUrls',
    lanes.map(([server]) => server.url),
  )
  project.provide(
    'e2eBrowserEndpoints',
    lanes.map(([, browser]) => browser.wsEndpoint()),
  )
  return async () => {
    await Promise.all(
      lanes.map(async ([server, browser]) => {
        await browser.close()
        await server.stop()
      }),
    )
    await rm(seeded, { recursive: true, force: true })
  }
}
