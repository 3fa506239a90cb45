import { execFileSync, spawnSync } from 'node:child_process'
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'

const root = path.join(import.meta.dirname, '..', '..')
const copy = mkdtempSync(path.join(tmpdir(), 'vod-lint-'))
afterAll(() => rmSync(copy, { recursive: true, force: true }))

/**
 * The repository's files as they are in the work tree, copied, with the packages it installed: their
 * `node_modules` linked, the workspaces' own links (`@vod/*`) pointing into the copy.
 */
beforeAll(() => {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
  for (const file of files.split('\0').filter(Boolean))
    cpSync(path.join(root, file), path.join(copy, file), { force: true, recursive: true })
  mkdirSync(path.join(copy, 'node_modules', '@vod'), { recursive: true })
  for (const entry of readdirSync(path.join(root, 'node_modules')))
    if (entry !== '@vod')
      symlinkSync(path.join(root, 'node_modules', entry), path.join(copy, 'node_modules', entry))
  for (const workspace of ['contract', 'server', 'web', 'e2e'])
    symlinkSync(path.join(copy, workspace), path.join(copy, 'node_modules', '@vod', workspace))

  plant('server/src/lib/planted-a.ts', "import { b } from './planted-b.ts'\nexport const a = () => b\n")
  plant('server/src/lib/planted-b.ts', "import { a } from './planted-a.ts'\nexport const b = () => a\n")
  plant('server/src/db/planted-up.ts', "export type { ApiModule } from '../modules/types.ts'\n")
  plant('web/src/base/planted-a.ts', "export const a = () => import('./planted-b.ts')\n")
  plant('web/src/base/planted-b.ts', "import type { a } from './planted-a.ts'\nexport type B = typeof a\n")
  plant('web/src/stores/planted-up.ts', "export { shellRoutes } from '../app/shell-routes.ts'\n")
  appendFileSync(path.join(copy, 'server/src/lru.ts'), 'export const plantedUnused = 1\n')
  appendFileSync(
    path.join(copy, 'server/src/db/sql/figure-deltas.sql'),
    `--> statement-breakpoint\nCREATE OR REPLACE FUNCTION vod_planted() RETURNS void LANGUAGE plpgsql AS $$\nBEGIN\n${'  PERFORM 1;\n'.repeat(56)}  PERFORM count(*) FROM orders o;\nEND\n$$;\n`,
  )
  appendFileSync(
    path.join(copy, 'server/src/modules/analytics/sums.ts'),
    'void sql`select r.day from rollup_days r where $' + "{sql.raw('true')}`\n",
  )
  appendFileSync(path.join(copy, 'web/src/base/language.ts'), 'export const plantedUnused = 1\n')
}, scaled(120_000))

/** Writes a file into the copy of the tree. */
function plant(file: string, text: string) {
  writeFileSync(path.join(copy, file), text)
}

/** One of `npm run lint`'s commands, run on the copy: its status and what it printed. */
function lint(...args: string[]) {
  const run = spawnSync(process.execPath, args, { cwd: copy, encoding: 'utf8' })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

describe('npm run lint fails on what it is there to refuse, in either tree', () => {
  it('an import circle or an import back up a layer (scripts/lint-imports.mjs)', () => {
    const { status, output } = lint(path.join(root, 'scripts/lint-imports.mjs'), copy)
    expect(status).toBe(1)
    expect(output.trim().split('\n').sort()).toEqual([
      'import back up or beside in server/src: server/src/db/planted-up.ts -> server/src/modules/types.ts',
      'import back up or beside in web/src: web/src/stores/planted-up.ts -> web/src/app/shell-routes.ts',
      expect.stringMatching(/^import circle in server\/src: server\/src\/lib\/planted-(a|b)\.ts -> /),
      expect.stringMatching(/^import circle in web\/src: web\/src\/base\/planted-(a|b)\.ts -> /),
    ])
  })

  it('a long or one-letter live SQL function, or an analytics statement of one-letter names or sql.raw (scripts/lint-sql.mjs)', () => {
    const { status, output } = lint(path.join(root, 'scripts/lint-sql.mjs'), copy)
    expect(status).toBe(1)
    expect(output.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^server\/src\/db\/sql\/figure-deltas\.sql:\d+: vod_planted is 61 lines, more than 60/,
      ),
      expect.stringMatching(/^server\/src\/db\/sql\/figure-deltas\.sql:\d+: one-letter name o:/),
      expect.stringMatching(/^server\/src\/modules\/analytics\/sums\.ts:\d+: sql\.raw outside /),
      expect.stringMatching(/^server\/src\/modules\/analytics\/sums\.ts:\d+: one-letter name r in SQL/),
    ])
  })

  it('an unused export or file (knip), and nothing else in the copy', { timeout: scaled(180_000) }, () => {
    const { status, output } = lint(path.join(root, 'node_modules/knip/bin/knip.js'), '--no-progress')
    expect(status).toBe(1)
    expect(
      output
        .trim()
        .split('\n')
        .map((line) => line.trim().replace(/:\d+:\d+$/, '')),
    ).toEqual([
      'Unused files (6)',
      'server/src/db/planted-up.ts',
      'server/src/lib/planted-a.ts',
      'server/src/lib/planted-b.ts',
      'web/src/base/planted-a.ts',
      'web/src/base/planted-b.ts',
      'web/src/stores/planted-up.ts',
      'Unused exports (2)',
      expect.stringMatching(/^plantedUnused +server\/src\/lru\.ts$/),
      expect.stringMatching(/^plantedUnused +web\/src\/base\/language\.ts$/),
    ])
    // knip reads the whole project: several seconds, a minute or more on a loaded two-core machine.
  })
})
