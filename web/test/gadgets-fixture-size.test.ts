import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/** The throwaway gadgets resource, whole: its contract, its server declaration (tables, module) and its screens. */
const files = [
  '../server/test/fixtures/gadgets/contract.ts',
  '../server/test/fixtures/gadgets/tables.ts',
  '../server/test/fixtures/gadgets/module.ts',
  'test/fixtures/gadgets.tsx',
]

describe('the gadgets fixture (issue 12, "done when")', () => {
  it('declares a resource with a relation, an action, a child list, an export and an import in under 150 lines', () => {
    const lines = files.map(
      (file) => readFileSync(resolve(import.meta.dirname, '..', file), 'utf8').split('\n').length - 1,
    )
    expect(lines.reduce((sum, count) => sum + count, 0)).toBeLessThan(150)
  })
})
