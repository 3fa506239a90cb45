import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/** A resource folder's lines, its strings (locale.ts) aside: what it states besides its labels. */
function linesBesidesLabels(resource: string): number {
  const folder = resolve(import.meta.dirname, '../src/resources', resource)
  return readdirSync(folder)
    .filter((file) => file !== 'locale.ts')
    .reduce((sum, file) => sum + readFileSync(resolve(folder, file), 'utf8').trimEnd().split('\n').length, 0)
}

describe('a plain resource is declared, not written (issue 20)', () => {
  it.each(['tags', 'directors', 'sources', 'seos', 'sites'])(
    '%s costs at most 40 lines besides its labels',
    (resource) => {
      expect(linesBesidesLabels(resource)).toBeLessThanOrEqual(40)
    },
  )
})
