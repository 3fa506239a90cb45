import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const src = resolve(import.meta.dirname, '../src')
const api = join(src, 'api')

/** Every module specifier a file names: static imports and exports, type-only ones, dynamic imports. */
const specifiers = (code: string): string[] =>
  [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((match) => match[1] as string)

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))

describe('the HTTP layer depends on nothing above it', () => {
  it('finds the imports it looks for', () => {
    expect(
      specifiers(`import { a } from '../x.ts'\nimport type { B } from "./y.ts"\nawait import('../z.ts')`),
    ).toEqual(['../x.ts', './y.ts', '../z.ts'])
  })

  it('api/ imports only api/ and packages: no store, route, shell screen or resource', () => {
    const outside = sources(api).flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolve(dirname(file), specifier))
        .filter((target) => !target.startsWith(`${api}/`))
        .map((target) => `${relative(src, file)} -> ${relative(src, target)}`),
    )
    expect(sources(api).length).toBeGreaterThan(2)
    expect(outside).toEqual([])
  })
})
