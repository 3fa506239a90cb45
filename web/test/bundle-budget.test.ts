import { randomBytes } from 'node:crypto'
import type { Rollup } from 'vite'
import { describe, expect, it } from 'vitest'
import { budgets, weigh } from '../bundle-budget.ts'

/** A build's output as rolldown hands it to the plugins: just what the budget reads. */
const chunk = (
  fileName: string,
  moduleIds: string[],
  code: string,
  extra: Partial<Rollup.OutputChunk> = {},
) =>
  ({ type: 'chunk', fileName, moduleIds, code, imports: [], isEntry: false, ...extra }) as Rollup.OutputChunk

function output(shellModules: string[] = [], entryCode = 'console.log(1)'): Rollup.OutputBundle {
  const chunks = [
    chunk('assets/index.js', ['/w/src/app/main.tsx'], entryCode, { isEntry: true }),
    chunk(
      'assets/shell.js',
      ['/w/src/app/SignedIn.tsx', '/w/src/app/shell.ts', ...shellModules],
      'export const shell = 1',
      { imports: ['assets/index.js'] },
    ),
    // The first screens app/route-prefetch.ts names.
    chunk(
      'assets/screens.js',
      [
        '/w/src/features/dashboard/DashboardPage.tsx',
        '/w/src/features/analytics/RevenuePage.tsx',
        '/w/src/features/analytics/ChannelPage.tsx',
      ],
      'export const screens = 1',
      { imports: ['assets/shell.js'] },
    ),
  ]
  return Object.fromEntries(chunks.map((one) => [one.fileName, one]))
}

const page = { html: '<!doctype html>', boot: '(() => {})()' }

describe('the first screens budget of the build (web/bundle-budget.ts)', () => {
  it('passes a build within its budgets and free of heavy libraries, saying what it weighed', () => {
    const { faults, summary } = weigh(output(), page)
    expect(faults).toEqual([])
    expect(summary).toMatch(/login [\d.]+ of 160 KB, shell chunk [\d.]+ of 160 KB; 3 files/)
  })

  it('fails a build whose frame takes in a heavy library, naming the file and the library', () => {
    const { faults } = weigh(
      output(['/w/node_modules/echarts/lib/core.js', '/w/node_modules/@dnd-kit/core/x.js']),
      page,
    )
    expect(faults).toEqual([
      'assets/shell.js, fetched before the first figures, holds echarts, @dnd-kit: load it with its screen',
    ])
  })

  it('fails a build whose login files outgrow their budget (incompressible bytes)', () => {
    const heavy = randomBytes((budgets.loginKb + 10) * 1024).toString('latin1')
    const { faults } = weigh(output([], heavy), page)
    expect(faults).toHaveLength(1)
    expect(faults[0]).toMatch(/^the login's files weigh [\d.]+ KB, over their budget of 160 KB$/)
  })
})
