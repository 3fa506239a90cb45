// Writes scripts/test-times.json, each test file's seconds in its last run, from vitest's own results
// (node_modules/.vite/vitest): `node scripts/test-times.mjs` after a whole `npm test` on this machine kind.
// vitest.config.ts orders a run by them when vitest has no times of its own (a fresh clone), so the longest
// files start first there too. Files the last run did not time keep their seconds; files gone are dropped.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './setup.mjs'

const file = join(root, 'scripts', 'test-times.json')
const cache = join(root, 'node_modules', '.vite', 'vitest')
const times = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
for (const dir of existsSync(cache) ? readdirSync(cache) : []) {
  const results = join(cache, dir, 'results.json')
  if (!existsSync(results)) continue
  for (const project of Object.values(JSON.parse(readFileSync(results, 'utf8')).projects ?? {}))
    for (const [path, result] of Object.entries(project.files ?? {}))
      if (result.duration > 0) times[path] = Math.round(result.duration / 100) / 10
}
const kept = Object.entries(times)
  .filter(([path]) => existsSync(join(root, path)))
  .sort(([a], [b]) => (a < b ? -1 : 1))
writeFileSync(file, `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`)
console.log(`${file}: ${kept.length} files`)
