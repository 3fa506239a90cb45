import { rm } from 'node:fs/promises'
import type { TestProject } from 'vitest/node'
import { startTwoProcesses } from './processes.ts'
import { seededDataDir, startServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One product per worker (`VITEST_POOL_ID` picks it, product.ts), which the worker's files share one after
     * another (a file needing other settings starts its own).
     */
    e2eServerUrls: string[]
    /** A server's data directory after its first start (seededDataDir), for a file's own server to copy. */
    e2eSeededDataDir: string
    /**
     * Two server processes on one PostgreSQL database (processes.ts), for the files about people on different
     * processes (product.ts `useProduct(..., { processes: 2 })`); none when the run has no TEST_DATABASE_URL.
     */
    e2eProcessUrls: string[]
  }
}

/**
 * A server for each worker of the browser suite (vitest.config.ts, `maxWorkers`): a worker runs its files one
 * after another, so a server never has two files at once, as when the suite ran on one worker. Test files keep
 * apart by their own data. Each worker launches its Chromium itself (product.ts).
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, project.config.maxWorkers)
  // One first start (migrating and seeding, most of a start's CPU); every server of the run, the lanes' and
  // the files' own, then starts from a copy of its data.
  const seeded = await seededDataDir()
  const [lanes, processes] = await Promise.all([
    Promise.all(Array.from({ length: workers }, () => startServer({}, { from: seeded }))),
    process.env.TEST_DATABASE_URL ? startTwoProcesses() : null,
  ])
  console.log(
    processes
      ? 'browser files about two server processes: on two processes on PostgreSQL'
      : 'browser files about two server processes: on one embedded server (no TEST_DATABASE_URL)',
  )
  project.provide('e2eProcessUrls', processes?.urls ?? [])
  project.provide('e2eSeededDataDir', seeded)
  project.provide(
    'e2eServerUrls',
    lanes.map((server) => server.url),
  )
  return async () => {
    await Promise.all([...lanes.map((server) => server.stop()), processes?.stop()])
    await rm(seeded, { recursive: true, force: true })
  }
}
