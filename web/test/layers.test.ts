import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * web/src in layers (issue 38): a folder imports only from folders of a lower layer, never from one beside it
 * or above it, statically, dynamically or for types. `app/` is the composition root that nothing imports;
 * `base/` imports nothing of the app.
 */
const layers: string[][] = [
  ['base'],
  ['api'],
  ['stores'],
  ['i18n'],
  ['components'],
  ['features', 'resources', 'demos', 'shell'],
  ['app'],
]
const layerOf = new Map(layers.flatMap((folders, layer) => folders.map((folder) => [folder, layer] as const)))
const src = resolve(import.meta.dirname, '../src')

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const topFolder = (path: string) => relative(src, path).split('/')[0] ?? ''

/** Every import of web/src that leaves its own top folder: `from`, `to`, their folders. */
const crossings = sources(src).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from\s*|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)]
    .map((match) => resolve(dirname(file), match[1] ?? ''))
    .filter((target) => topFolder(target) !== topFolder(file))
    .map((target) => ({ from: relative(src, file), to: relative(src, target) })),
)

describe('web/src in layers', () => {
  it('has every top folder in a layer', () => {
    const folders = readdirSync(src, { withFileTypes: true }).filter((entry) => entry.isDirectory())
    for (const folder of folders) expect(layerOf.has(folder.name), folder.name).toBe(true)
  })

  it('imports only from lower layers: nothing runs back up, and app/ is imported by none', () => {
    const upward = crossings.filter(
      ({ from, to }) =>
        (layerOf.get(topFolder(join(src, to))) ?? 0) >= (layerOf.get(topFolder(join(src, from))) ?? 0),
    )
    expect(upward.map(({ from, to }) => `${from} -> ${to}`)).toEqual([])
    expect(crossings.length).toBeGreaterThan(100)
  })
})
