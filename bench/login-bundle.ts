/**
 * What the login screen downloads: the entry chunk, the login route's chunk and everything they import
 * statically, with their CSS, gzipped. Reads the built web app (`npm run build -w web` first) through
 * Vite's manifest and fails when the total is over the budget.
 *
 *   npx tsx bench/login-bundle.ts
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 195
/** Source modules the /login route loads: the app entry and the lazily loaded login screen. */
const LOGIN_ROUTE = ['index.html', 'src/features/login/LoginPage.tsx']

interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
}

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist')
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>

const files = new Set<string>()
const visit = (key: string) => {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} is not in the manifest; was the login screen moved?`)
  if (files.has(chunk.file)) return
  files.add(chunk.file)
  for (const css of chunk.css ?? []) files.add(css)
  for (const imported of chunk.imports ?? []) visit(imported)
}
for (const key of LOGIN_ROUTE) visit(key)

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7)
let total = 0
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
  total += size
  console.log(`${kb(size)} KB  ${file}`)
}
console.log(`${kb(total)} KB  total gzipped JS+CSS for /login (budget ${BUDGET_KB} KB)`)
if (total > BUDGET_KB * 1024) {
  console.error(`Over budget by ${((total - BUDGET_KB * 1024) / 1024).toFixed(1)} KB`)
  process.exitCode = 1
}
