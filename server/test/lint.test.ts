import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.join(import.meta.dirname, '..', '..')
const copy = mkdtempSync(path.join(tmpdir(), 'vod-lint-'))
afterAll(() => rmSync(copy, { recursive: true, force: true }))

/** Writes a file into the copy of the tree. */
function plant(file: string, text: string) {
  mkdirSync(path.dirname(path.join(copy, file)), { recursive: true })
  writeFileSync(path.join(copy, file), text)
}

describe('npm run lint fails on what it is there to refuse, in either tree', () => {
  it('an import circle or an import back up a layer (scripts/lint-imports.mjs)', () => {
    for (const tree of ['contract/src', 'server/src', 'web/src'])
      cpSync(path.join(root, tree), path.join(copy, tree), { recursive: true })
    plant('server/src/lib/planted-a.ts', "import { b } from './planted-b.ts'\nexport const a = () => b\n")
    plant('server/src/lib/planted-b.ts', "import { a } from './planted-a.ts'\nexport const b = () => a\n")
    plant('server/src/db/planted-up.ts', "export type { ApiModule } from '../modules/types.ts'\n")
    plant('web/src/base/planted-a.ts', "export const a = () => import('./planted-b.ts')\n")
    plant('web/src/base/planted-b.ts', "import type { a } from './planted-a.ts'\nexport type B = typeof a\n")
    plant('web/src/stores/planted-up.ts', "export { shellRoutes } from '../app/shell-routes.ts'\n")

    const lint = spawnSync(process.execPath, ['scripts/lint-imports.mjs', copy], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(lint.status).toBe(1)
    const lines = lint.stderr.trim().split('\n').sort()
    expect(lines).toEqual([
      'import back up or beside in server/src: server/src/db/planted-up.ts -> server/src/modules/types.ts',
      'import back up or beside in web/src: web/src/stores/planted-up.ts -> web/src/app/shell-routes.ts',
      expect.stringMatching(/^import circle in server\/src: server\/src\/lib\/planted-(a|b)\.ts -> /),
      expect.stringMatching(/^import circle in web\/src: web\/src\/base\/planted-(a|b)\.ts -> /),
    ])
  })
})
