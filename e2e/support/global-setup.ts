import type { TestProject } from 'vitest/node'
import { launchBrowserServer } from './browser.ts'
import { startServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The product every browser test file shares (a file needing other settings starts its own). */
    e2eServerUrl: string
    /** The one Chromium of the run; each file connects to it and works in contexts of its own. */
    e2eBrowserEndpoint: string
  }
}

/** One server and one Chromium for the whole browser suite; test files keep apart by their own data. */
export default async function setup(project: TestProject) {
  const [server, browser] = await Promise.all([startServer(), launchBrowserServer()])
  project.provide('e2eServerUrl', server.url)
  project.provide('e2eBrowserEndpoint', browser.wsEndpoint())
  return async () => {
    await browser.close()
    await server.stop()
  }
}
