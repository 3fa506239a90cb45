// `npm run lint`'s check of SQL a reader can follow: in the live SQL (server/src/db/sql) no function or
// procedure over 60 lines and no one-letter name (an alias, a column alias, a parameter or variable); in the
// analytics statements (server/src/modules/analytics, sql`...` templates) no one-letter name either, and no
// `sql.raw` outside its one reviewed helper. `node scripts/lint-sql.mjs [root]` (the repository by default).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parseSync } from 'oxc-parser'

const root = resolve(process.argv[2] ?? join(import.meta.dirname, '..'))
const LIVE_SQL = 'server/src/db/sql'
const ANALYTICS = 'server/src/modules/analytics'
/** The one file of the analytics that may splice text into SQL, and only the contract's own. */
const REVIEWED_HELPER = 'server/src/modules/analytics/sql-parts.ts'
const MOST_LINES = 60

const problems = []
const files = (folder, ending) =>
  readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ending))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort()

/** SQL text without its comments and quoted strings (a string's words are not names), lines kept. */
const codeOf = (text) =>
  text
    .replace(/--[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(?:\b[EeBbXxUu])?'(?:[^']|'')*'/g, (quoted) => quoted.replace(/[^\n]/g, ' '))
    .replace(/"(?:[^"]|"")*"/g, (quoted) => (quoted.length === 3 ? quoted : quoted.replace(/[^\n]/g, ' ')))

/** One-letter names in code (a letter that is a word of its own, quoted or not), with their line numbers. */
function oneLetterNames(code) {
  const found = []
  code.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/(?<![\w$%])"?([A-Za-z])"?(?![\w$'])/g))
      found.push({ line: index + 1, name: match[1] })
  })
  return found
}

for (const file of files(LIVE_SQL, '.sql')) {
  const text = readFileSync(join(root, file), 'utf8')
  const lines = text.split('\n')
  // Functions and procedures: from their CREATE line to the line that ends their body.
  lines.forEach((line, index) => {
    const made = line.match(/^CREATE (?:OR REPLACE )?(FUNCTION|PROCEDURE) (\w+)/i)
    if (!made) return
    let end = index
    while (end < lines.length && !/\$\$\s*;\s*$/.test(lines[end] ?? '')) end++
    const length = end - index + 1
    if (length > MOST_LINES)
      problems.push(`${file}:${index + 1}: ${made[2]} is ${length} lines, more than ${MOST_LINES}: split it`)
  })
  for (const { line, name: letter } of oneLetterNames(codeOf(text)))
    problems.push(`${file}:${line}: one-letter name ${letter}: name it for what it holds`)
}

/** The text of each sql`...` template in a file's AST, with the line it starts on. */
function sqlTemplates(file, code) {
  const { program } = parseSync(file, code)
  const found = []
  const visit = (node) => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const item of node) visit(item)
      return
    }
    if (
      node.type === 'TaggedTemplateExpression' &&
      node.tag?.type === 'Identifier' &&
      node.tag.name === 'sql'
    )
      found.push({
        start: node.start,
        // The template's own words; what ${...} puts in is checked where it is written.
        text: node.quasi.quasis.map((quasi) => quasi.value.raw).join(' '),
      })
    for (const key of Object.keys(node)) if (key !== 'parent') visit(node[key])
  }
  visit(program)
  return found
}

const lineAt = (code, offset) => code.slice(0, offset).split('\n').length

for (const file of files(ANALYTICS, '.ts')) {
  const code = readFileSync(join(root, file), 'utf8')
  if (file !== REVIEWED_HELPER)
    for (const match of code.matchAll(/\bsql\.raw\s*\(/g))
      problems.push(
        `${file}:${lineAt(code, match.index)}: sql.raw outside ${REVIEWED_HELPER}: build it from named parts there`,
      )
  for (const { start, text } of sqlTemplates(file, code))
    for (const { line, name } of oneLetterNames(codeOf(text)))
      problems.push(
        `${file}:${lineAt(code, start) + line - 1}: one-letter name ${name} in SQL: name it for what it holds`,
      )
}

if (problems.length) {
  console.error([...new Set(problems)].join('\n'))
  process.exit(1)
}
console.log(
  `SQL: functions of at most ${MOST_LINES} lines and no one-letter names (${LIVE_SQL}), analytics statements from named parts (${ANALYTICS}).`,
)
