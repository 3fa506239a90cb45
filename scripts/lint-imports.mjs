// `npm run lint`'s check of the import graph (static, dynamic and type imports alike, read by oxc-parser):
// no import circles in the contract, the server or the web app, and in the server and the web app every
// import runs down their layers. `node scripts/lint-imports.mjs [root]` (the repository by default).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { parseSync } from 'oxc-parser'

/**
 * Each tree's top folders and files, from the bottom layer up. A file imports only from a layer under its
 * own, never from one beside it or above it; the top layer is imported by none. A tree without layers is
 * checked for circles only.
 */
const trees = {
  'contract/src': null,
  'server/src': [
    ['paths.ts', 'logger.ts', 'lru.ts', 'i18n'],
    ['config.ts'],
    ['storage'],
    ['db'],
    ['lib'],
    ['auth'],
    ['plugins'],
    ['modules'],
    ['app.ts'],
    ['main.ts'],
  ],
  'web/src': [
    ['base'],
    ['api'],
    ['stores'],
    ['i18n'],
    ['components'],
    ['features', 'resources', 'demos', 'shell'],
    ['app'],
  ],
}

const root = resolve(process.argv[2] ?? join(import.meta.dirname, '..'))
const sourceFile = /\.tsx?$/

const sources = (folder) =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && sourceFile.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))

/** The relative specifiers a file names: imports, re-exports, `import()` calls and `import('…')` types. */
function specifiers(file) {
  const code = readFileSync(file, 'utf8')
  const { module } = parseSync(file, code)
  return [
    ...module.staticImports.map((entry) => entry.moduleRequest.value),
    ...module.staticExports.flatMap((entry) => entry.entries.map((item) => item.moduleRequest?.value)),
    ...[...code.matchAll(/\bimport\(\s*(['"`])([^'"`$]+)\1\s*\)/g)].map((match) => match[2]),
  ].filter((specifier) => specifier?.startsWith('.'))
}

/** The source file a specifier names, if it is one of `files`. */
function target(from, specifier, files) {
  const path = resolve(dirname(from), specifier)
  for (const candidate of [
    path,
    `${path}.ts`,
    `${path}.tsx`,
    join(path, 'index.ts'),
    join(path, 'index.tsx'),
  ])
    if (files.has(candidate) && statSync(candidate).isFile()) return candidate
  return undefined
}

/** The file-level circles of a graph: its strongly connected components of more than one file (Tarjan). */
function circles(graph) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const found = []
  let next = 0
  const visit = (file) => {
    index.set(file, next)
    low.set(file, next++)
    stack.push(file)
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(file, Math.min(low.get(file), low.get(to)))
      } else if (stack.includes(to)) low.set(file, Math.min(low.get(file), index.get(to)))
    }
    if (low.get(file) !== index.get(file)) return
    const component = []
    let member
    do {
      member = stack.pop()
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || graph.get(file)?.has(file)) found.push(component)
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return found
}

/** One loop through a circle's files, as `a -> b -> a`. */
function loopOf(component, graph) {
  const members = new Set(component)
  const path = [component[0]]
  const seen = new Set(path)
  for (;;) {
    const to = [...graph.get(path.at(-1))].find(
      (file) => members.has(file) && (file === path[0] || !seen.has(file)),
    )
    if (to === path[0] || to === undefined) return [...path, path[0]]
    path.push(to)
    seen.add(to)
  }
}

const problems = []
for (const [tree, layers] of Object.entries(trees)) {
  const src = join(root, tree)
  if (!existsSync(src)) continue
  const files = new Set(sources(src))
  const graph = new Map([...files].map((file) => [file, new Set()]))
  for (const file of files)
    for (const specifier of specifiers(file)) {
      const to = target(file, specifier, files)
      if (to) graph.get(file).add(to)
    }
  const name = (file) => relative(root, file)
  for (const component of circles(graph))
    problems.push(`import circle in ${tree}: ${loopOf(component, graph).map(name).join(' -> ')}`)
  if (!layers) continue

  const layerOf = new Map(layers.flatMap((tops, layer) => tops.map((top) => [top, layer])))
  const topOf = (file) => relative(src, file).split('/')[0]
  for (const top of readdirSync(src))
    if ((sourceFile.test(top) || statSync(join(src, top)).isDirectory()) && !layerOf.has(top))
      problems.push(`${tree}/${top} is in no layer: add it to scripts/lint-imports.mjs`)
  for (const [file, targets] of graph)
    for (const to of targets) {
      const [fromTop, toTop] = [topOf(file), topOf(to)]
      if (fromTop !== toTop && (layerOf.get(toTop) ?? -1) >= (layerOf.get(fromTop) ?? -1))
        problems.push(`import back up or beside in ${tree}: ${name(file)} -> ${name(to)}`)
    }
}

for (const problem of problems) console.error(problem)
if (problems.length) process.exit(1)
console.log(`Imports: no circle, none back up (${Object.keys(trees).join(', ')}).`)
