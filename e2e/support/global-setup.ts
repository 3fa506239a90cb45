import type { TestProject } from 'vitest/node'
import { launchBrowserServer } from './browser.ts'
import { startServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One product per worker (`VITEST_POOL_ID` picks it, product.ts), which the worker's files share one after
     * another (a file needing other settings starts its own).
     */
    e2eServerUrls: string[]
    /** One Chromium per worker; each file connects to its worker's and works in contexts of its own. */
    e2eBrowserEndpoints: string[]
  }
}

/**
 * A server and a Chromium for each worker of the browser suite (vitest.config.ts, `maxWorkers`): a worker runs
 * its files one after another, so a server never has two files at once, as when the suite ran on one worker.
 * Test files keep apart by their own data.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, project.config.maxWorkers)
  const lanes = await Promise.all(
    Array.from({ length: workers }, () => Promise.all([startServer(), launchBrowserServer()])),
  )
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
  }
}
