import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { relative } from 'node:path'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { scaled } from './test/support/time.ts'

/** Each test file's seconds in a whole run on this machine kind (`node scripts/test-times.mjs` writes them). */
const knownSeconds: Record<string, number> = JSON.parse(
  readFileSync(new URL('./scripts/test-times.json', import.meta.url), 'utf8'),
)

/** A browser file that walks every screen of the route table (it imports e2e/support/routes.ts). */
const isSweep = (spec: TestSpecification) =>
  spec.project.name === 'e2e' && readFileSync(spec.moduleId, 'utf8').includes('/support/routes.ts')

/**
 * The sweeps before every other browser file, even where vitest puts a file that failed last time first: a
 * sweep judges every screen of its lane's shared server, and ran after a file that leaves markup behind
 * (content-security-policy.test.ts's tag) it failed on that file's data (27 November, the CSP file first after
 * it had failed).
 */
function sweepsFirst(sorted: TestSpecification[]): TestSpecification[] {
  const sweeps = sorted.filter(isSweep)
  if (sweeps.length === 0) return sorted
  const at = sorted.findIndex((spec) => spec.project.name === 'e2e')
  const rest = sorted.filter((spec) => !isSweep(spec))
  return [...rest.slice(0, at), ...sweeps, ...rest.slice(at)]
}

/**
 * Vitest's order (failed first, then longest by the last run's times), with the times kept in
 * scripts/test-times.json for files vitest has none of, as on a fresh clone: there vitest took the largest
 * files first, and a long file started last on one worker left it running alone for minutes (the API suite's
 * analytics, bootstrap and plans files). A file with no time at all goes first, the browser files that walk
 * every screen of the route table (they import e2e/support/routes.ts) before any: they are the longest.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const cache = this.ctx.cache
    if (sorted.every((spec) => cache.getTestSpecificationResult(spec))) return sweepsFirst(sorted)
    const seconds = (spec: TestSpecification) => {
      const result = cache.getTestSpecificationResult(spec)
      if (result) return result.failed ? Number.POSITIVE_INFINITY : result.duration / 1000
      const known = knownSeconds[relative(import.meta.dirname, spec.moduleId)]
      if (known !== undefined) return known
      return isSweep(spec) ? Number.POSITIVE_INFINITY : Number.MAX_SAFE_INTEGER
    }
    // Sorted by project first (super.sort); within one, longest first (ties keep vitest's order).
    const project = new Map(sorted.map((spec, n) => [spec.project.name, n]))
    const longer = (a: number, b: number) => (a === b ? 0 : a > b ? -1 : 1)
    return sweepsFirst(
      [...sorted].sort(
        (a, b) =>
          (project.get(a.project.name) ?? 0) - (project.get(b.project.name) ?? 0) ||
          longer(seconds(a), seconds(b)),
      ),
    )
  }
}

/**
 * A worker a core (vitest caps a percentage such as '150%' at the core count anyway). Three on two cores, asked
 * for by number, made a fresh clone's run no shorter (733 s against 719 s): with the browser suite beside them
 * the cores are full.
 */
const workers = availableParallelism()

// One runner for every suite. `npm test` (scripts/test.mjs) runs the unit and API projects beside the
// browser suite once the checks pass; a failure in either stops the other.
export default defineConfig({
  test: {
    maxWorkers: workers,
    sequence: { sequencer: LongestFirst },
    // What a run skipped, and why (a suite without PostgreSQL or Redis), after vitest's own report.
    reporters: ['default', './scripts/skipped-reporter.mjs'],
    projects: [
      {
        test: {
          name: 'contract',
          include: ['contract/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: scaled(15_000),
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/test/**/*.test.ts'],
          environment: 'node',
          // A worker runs one file after another with the modules it imported already (each file still
          // builds its own app on its own database): importing the server afresh for each file cost a
          // sixth of the suite's time.
          isolate: false,
          // Migrates once per run into template databases (PGlite and PostgreSQL).
          globalSetup: ['server/test/support/global-setup.ts'],
          // Limits catch hangs only: beside the browser suite on a host at half speed, a test of several folds or
          // a scheduler's round on PGlite takes most of a minute.
          testTimeout: scaled(90_000),
          hookTimeout: scaled(120_000),
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A file's jsdom starts sooner in a worker thread than in a child process (a fifth of the suite).
          pool: 'threads',
          // A worker's files share one window and the modules it imported (antd's most of all): importing
          // them afresh for each file took half of the suite's time. Each file renders and cleans up its
          // own screens; test/setup.ts clears what antd leaves in the page between files.
          isolate: false,
          // The root's, stated again: this project's config is web/vite.config.ts, and projects that share
          // their workers must agree on how many.
          maxWorkers: workers,
          setupFiles: ['./test/setup.ts'],
          // The real server behind the gadgets fixture's screens, one per test file that asks.
          globalSetup: ['./test/fixture-server.ts'],
          // Screens render through antd in jsdom; on a loaded two-core machine one can take several seconds, a
          // test of several steps over 15 s.
          testTimeout: scaled(30_000),
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          environment: 'node',
          // Two workers, each with a server (global-setup.ts) and a Chromium (product.ts) of its own that its files
          // share one after another (each file has its own admin and data). One worker kept under one core busy (430
          // s of CPU in a 563 s run): a file spends much of its time waiting on the server, Chromium or the
          // network. On this two-core machine, equally loaded by other work both times, 1331 s on one worker,
          // 765 s on two.
          globalSetup: ['e2e/support/global-setup.ts'],
          maxWorkers: 2,
          // A worker runs its files one after another in one process, with playwright-core, the web app's route
          // table and vocabulary imported once (each file still opens its own contexts and admin): a process
          // started and the imports made afresh for each file cost about 3 s a file.
          isolate: false,
          // A loaded two-core CI machine runs the server, Chromium and the runner at once.
          expect: { poll: { timeout: scaled(10_000) } },
          testTimeout: scaled(120_000),
          hookTimeout: scaled(240_000),
        },
      },
    ],
  },
})
