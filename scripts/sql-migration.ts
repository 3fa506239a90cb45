// npm run db:sql -- <name> [--out <migrations folder>]
//
// Writes the next drizzle migration from the live SQL's source files (server/src/db/sql/*.sql): each
// statement whose function, aggregate or trigger differs from what the migrations so far leave in a fresh
// database (or is not there at all), as it stands in its file. Nothing differs: nothing is written. A change
// to a function is made in its file, once; this writes the migration, and server/test/live-sql.test.ts
// fails until it exists. What CREATE OR REPLACE cannot do (drop an object, change a result type) is written
// by hand in a migration of its own, and the file changed to match.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { openDatabase } from '../server/src/db/client.ts'
import {
  BREAKPOINT,
  checkSqlSources,
  describeDifference,
  type SqlSourceCheck,
  sqlSourceDir,
} from '../server/src/db/live-sql.ts'
import { repoRoot } from '../server/src/paths.ts'

const args = process.argv.slice(2)
const outAt = args.indexOf('--out')
const out = outAt >= 0 ? path.resolve(args[outAt + 1] ?? '') : path.join(repoRoot, 'server', 'drizzle')
const name = args.find((arg, i) => !arg.startsWith('--') && (outAt < 0 || i !== outAt + 1))
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:sql -- <name, such as fold_batches> [--out <migrations folder>]')
  process.exit(2)
}

/** The sources checked against a fresh in-memory database migrated from `out`. */
async function check(): Promise<SqlSourceCheck> {
  const database = await openDatabase({ url: null, pgliteDir: null })
  try {
    await database.applyMigrations({ migrationsFolder: out })
    return await checkSqlSources(database.db)
  } finally {
    await database.close()
  }
}

const found = await check()
if (found.problems.length > 0) {
  console.error(`The source files need fixing first:\n${found.problems.join('\n')}`)
  process.exit(1)
}
if (found.unsourced.length > 0)
  console.warn(
    `Live after the migrations, and in no source file (drop it in a migration written by hand, or give it a ` +
      `file):\n  ${found.unsourced.join('\n  ')}`,
  )
const differing = new Set(found.differences.map((d) => d.key))
const statements = found.statements.filter((s) => s.keys.some((key) => differing.has(key)))
if (statements.length === 0) {
  console.log(
    `Every definition in ${path.relative(repoRoot, sqlSourceDir)} is live after the migrations: none written.`,
  )
  process.exit(0)
}
for (const difference of found.differences) console.log(describeDifference(difference))

// drizzle-kit numbers the migration, copies the last snapshot and adds it to the journal.
execFileSync(
  path.join(repoRoot, 'node_modules', '.bin', 'drizzle-kit'),
  [
    'generate',
    '--custom',
    '--name',
    name,
    '--dialect',
    'postgresql',
    '--schema',
    'server/src/db/schema/index.ts',
    // drizzle-kit reads --out relative to the working directory, even when it is absolute.
    '--out',
    path.relative(repoRoot, out),
  ],
  { cwd: repoRoot, stdio: 'inherit' },
)
const journal = JSON.parse(readFileSync(path.join(out, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[]
}
const file = path.join(out, `${journal.entries.at(-1)?.tag}.sql`)
const files = [...new Set(statements.map((s) => s.file))].join(', ')
writeFileSync(
  file,
  `-- Written by npm run db:sql from server/src/db/sql (${files}): the definitions that differed from the\n` +
    `-- migrations before this one. Change them there, not here.\n${statements.map((s) => s.statement).join(`\n${BREAKPOINT}\n`)}\n`,
)

const after = await check()
if (after.differences.length > 0) {
  console.error(`${file} is written, but still:\n${after.differences.map(describeDifference).join('\n')}`)
  process.exit(1)
}
console.log(`${path.relative(repoRoot, file)}: ${statements.length} statement(s) from ${files}`)
