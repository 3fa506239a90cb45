import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { repoRoot } from '../paths.ts'
import { type Db, queryRows } from './client.ts'

/**
 * The live SQL's one home: every function, aggregate and trigger of ours as it is now, one file a concern
 * (server/src/db/sql/*.sql), its statements separated as in a migration (`--> statement-breakpoint`), each
 * a CREATE OR REPLACE. migrate.ts applies them after the migrations whenever they change;
 * server/test/live-sql.test.ts fails when a migrated database and the files disagree.
 */
const sqlSourceDir = path.join(repoRoot, 'server', 'src', 'db', 'sql')

const BREAKPOINT = '--> statement-breakpoint'

export interface SqlSource {
  /** The file's name in sqlSourceDir. */
  file: string
  statements: string[]
}

/** The files of live SQL (kept-figures.sql among them, written from the figure registry). */
export async function readSqlSources(dir = sqlSourceDir): Promise<SqlSource[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
  return Promise.all(
    names.map(async (file) => ({
      file,
      statements: (await readFile(path.join(dir, file), 'utf8'))
        .split(BREAKPOINT)
        .map((statement) => statement.trim())
        .filter(Boolean),
    })),
  )
}

/**
 * Our objects in the public schema (not an extension's): functions, procedures and aggregates by their
 * signature, triggers by name and table. `version` is the catalogue row's ctid, which any CREATE OR REPLACE
 * of the object changes (a new row version), even when it writes the same definition.
 */
const liveObjects = sql`
  select case p.prokind when 'a' then 'aggregate ' when 'p' then 'procedure ' else 'function ' end
      || p.oid::regprocedure::text as key,
    p.ctid::text as version,
    case when p.prokind = 'a'
      then (select concat_ws(' ', 'CREATE AGGREGATE', p.oid::regprocedure::text, (to_jsonb(a) - 'aggfnoid')::text,
          'PARALLEL', p.proparallel)
        from pg_aggregate a where a.aggfnoid = p.oid)
      else pg_get_functiondef(p.oid) end as definition
  from pg_proc p
  where p.pronamespace = 'public'::regnamespace
    and not exists (select 1 from pg_depend d
      where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
  union all
  select 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text, t.ctid::text,
    pg_get_triggerdef(t.oid) || case t.tgenabled when 'O' then '' else ' (enabled: ' || t.tgenabled::text || ')' end
  from pg_trigger t join pg_class c on c.oid = t.tgrelid
  where c.relnamespace = 'public'::regnamespace and not t.tgisinternal`

interface LiveObject {
  key: string
  version: string
  definition: string
}

/**
 * A definition as compared: runs of white space are one space, so re-indenting a body is no change; any
 * other difference, in the body or in the header PostgreSQL writes back (arguments, result, language,
 * volatility, settings), is one.
 */
function normalisedDefinition(definition: string): string {
  return definition.replace(/\s+/g, ' ').trim()
}

interface SourcedStatement {
  file: string
  statement: string
  /** What the statement created or replaced, by key ("function vod_wire(integer)", "trigger x on t"). */
  keys: string[]
}

export interface SourceDifference {
  key: string
  file: string
  /** The live definition (null: the database has none of that name and signature). */
  live: string | null
  /** The definition the source writes, as PostgreSQL writes it back. */
  source: string
}

export interface SqlSourceCheck {
  statements: SourcedStatement[]
  /** Objects whose source differs from the live one, or that are not live at all. */
  differences: SourceDifference[]
  /** Live objects no source file defines (keys). */
  unsourced: string[]
  /** Problems with the files themselves: a statement that defines nothing, an object defined twice. */
  problems: string[]
}

/** Thrown inside the transaction to undo what the sources wrote. */
class Undo extends Error {}

/**
 * Compares the database's live functions, aggregates and triggers with the source files, by running every
 * source statement in a transaction that is then rolled back: after each statement, the objects whose
 * catalogue rows changed are the ones it defines, and their definitions as PostgreSQL writes them back
 * (pg_get_functiondef, pg_get_triggerdef) are compared with the live ones read before. Nothing is parsed,
 * so a definition compares the same however it is written, and the database is left as it was.
 */
export async function checkSqlSources(db: Db, sources?: SqlSource[]): Promise<SqlSourceCheck> {
  const files = sources ?? (await readSqlSources())
  const before = new Map((await queryRows<LiveObject>(db, liveObjects)).map((o) => [o.key, o]))
  const statements: SourcedStatement[] = []
  const problems: string[] = []
  let after = new Map<string, LiveObject>()
  try {
    await db.transaction(async (tx) => {
      let versions = new Map([...before].map(([key, o]) => [key, o.version]))
      for (const { file, statements: texts } of files) {
        for (const statement of texts) {
          try {
            await tx.execute(sql.raw(statement))
          } catch (error) {
            throw new Error(`${file}: ${(error as Error).message}\n${firstLine(statement)}`, { cause: error })
          }
          const now = await queryRows<LiveObject>(tx, liveObjects)
          const keys = now.filter((o) => versions.get(o.key) !== o.version).map((o) => o.key)
          versions = new Map(now.map((o) => [o.key, o.version]))
          statements.push({ file, statement, keys })
        }
      }
      after = new Map((await queryRows<LiveObject>(tx, liveObjects)).map((o) => [o.key, o]))
      throw new Undo()
    })
  } catch (error) {
    if (!(error instanceof Undo)) throw error
  }

  const sourcedIn = new Map<string, string>()
  const differences: SourceDifference[] = []
  for (const { file, statement, keys } of statements) {
    if (keys.length === 0) problems.push(`${file}: defines nothing: ${firstLine(statement)}`)
    for (const key of keys) {
      const earlier = sourcedIn.get(key)
      if (earlier) problems.push(`${key} is defined twice (${earlier}, ${file})`)
      sourcedIn.set(key, file)
      const live = before.get(key)?.definition ?? null
      const source = after.get(key)?.definition ?? ''
      if (live === null || normalisedDefinition(live) !== normalisedDefinition(source))
        differences.push({ key, file, live, source })
    }
  }
  const unsourced = [...before.keys()].filter((key) => !sourcedIn.has(key)).sort()
  return { statements, differences, unsourced, problems }
}

/** The statement's first line that is not a comment, to say which one. */
function firstLine(statement: string): string {
  return statement.split('\n').find((line) => line.trim() && !line.trim().startsWith('--')) ?? ''
}

/** One line a difference, with where the two definitions part (normalised, 60 characters either side). */
export function describeDifference({ key, file, live, source }: SourceDifference): string {
  if (live === null) return `${key} (${file}): not in the migrated database`
  const a = normalisedDefinition(live)
  const b = normalisedDefinition(source)
  let at = 0
  while (at < a.length && a[at] === b[at]) at++
  const around = (text: string) => `...${text.slice(Math.max(0, at - 60), at + 60)}...`
  return `${key} (${file}) differs from the live one at character ${at}:\n  live:   ${around(a)}\n  source: ${around(b)}`
}
