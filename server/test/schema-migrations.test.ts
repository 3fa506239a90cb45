import { execFile } from 'node:child_process'
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = join(import.meta.dirname, '..', '..')
const drizzleKit = join(root, 'node_modules', '.bin', 'drizzle-kit')

/** Every file under `dir`, relative to it. */
async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort()
}

/**
 * The drizzle schema (server/src/db/schema) and the committed migrations (server/drizzle) must describe
 * the same database: drizzle-kit, asked to generate a migration from the schema into a copy of the
 * migrations, must find nothing to write, and the migrations' snapshots must be consistent.
 */
describe('schema and migrations', () => {
  let copy: string
  // drizzle-kit reads --out relative to the working directory, even when it is absolute.
  const out = () => relative(root, copy)

  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), 'vod-migrations-'))
    await cp(join(root, 'server', 'drizzle'), copy, { recursive: true })
  })
  afterAll(() => rm(copy, { recursive: true, force: true }))

  it('agree: generating from the schema adds no migration', async () => {
    const before = await files(copy)
    const { stdout } = await run(
      drizzleKit,
      ['generate', '--dialect', 'postgresql', '--schema', 'server/src/db/schema/index.ts', '--out', out()],
      { cwd: root },
    )
    const added = (await files(copy)).filter((file) => !before.includes(file))
    expect(added, `the schema changed without a migration (npm run db:generate):\n${stdout}`).toEqual([])
  })

  it('the migrations check out (no colliding or broken snapshots)', async () => {
    await expect(
      run(drizzleKit, ['check', '--dialect', 'postgresql', '--out', out()], { cwd: root }),
    ).resolves.toBeTruthy()
  })
})
