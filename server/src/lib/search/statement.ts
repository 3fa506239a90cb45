import { SEARCH_CONTAINS_MIN_LENGTH, SEARCH_PER_KIND } from '@vod/contract/search'
import { and, type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { type Db, queryText } from '../../db/client.ts'
import { containsPatterns, prefixRange, severalWords } from '../list/keyword.ts'
import { Lru } from '../lru.ts'
import { qualified } from '../resource/relations.ts'
import type { Searchable } from './searchable.ts'

const limit = sql.raw(String(SEARCH_PER_KIND))
const dialect = new PgDialect()

/**
 * Where the text goes among a built statement's values: the text itself, the ILIKE pattern of its one word
 * and the patterns of all its words (lib/list/keyword.ts containsPatterns); and where the ids of each kind
 * found anywhere go (`\0ids` and the kind's place). A statement is built with these in their places and
 * kept; each request puts its own there.
 */
const TEXT = '\u0000text'
const ANYWHERE = '\u0000anywhere'
const WORDS = '\u0000words'
const IDS = '\u0000ids'
// Built statements of recent shapes (which kinds, whose scope, whether text is searched anywhere).
const MAX_BUILT = 500

export interface Statement {
  text: string
  params: unknown[]
}

/** What the box asks PostgreSQL: the records of each kind, after those found anywhere in a value, if any. */
export interface SearchStatements {
  /**
   * The ids found anywhere in a title or name (as `kind` among the kinds, `id`), or null when the text is
   * too short for that or no kind searches so. Its text starts with no `select ` on purpose: it is not
   * prepared (db/client.ts), so PostgreSQL plans it for each text. A word in a fifth of a million titles
   * is found fastest by reading the table until five have it, a rare one from the trigram index (which
   * reads every row sharing its trigrams before any comes back); only a plan for the text can tell them
   * apart, and one made for no value in particular, which a prepared statement settles on, reads the
   * index every time: 120 ms for a common word at 200,000 videos.
   */
  anywhere: Statement | null
  /** The answer's `data` as PostgreSQL writes it; prepared, its plan the same for every text. */
  records: Statement
  /** The kinds' places, for the ids `anywhere` finds. */
  kinds: number
}

type Allowed = readonly { found: Searchable; scope: SQL | undefined }[]
type Column = Searchable['columns'][number]

/**
 * The few rows one column finds from its start, each with the value it matched (lower-cased): a range of
 * its `lower()` index read in that index's order and cut after a kind's worth, so a whole value equal to the
 * text is its first row and costs one index lookup. A column searched anywhere reads the ids found for its
 * kind (`anywhere`), by primary key.
 */
function partOf(found: Searchable, n: number, column: Column, scope: SQL | undefined): SQL {
  const id = qualified(found.id)
  const value = qualified(column.column)
  const read = (where: SQL, order = sql``) =>
    sql`(select ${id} as id, lower(${value}) as hit from ${found.table} where ${where}${order} limit ${limit})`
  if (column.kind === 'prefix')
    return read(and(prefixRange(column.column, TEXT), scope) as SQL, sql` order by lower(${value}) using ~<~`)
  return read(sql`${id} = any(${`${IDS}${n}`}) and ${value} ilike all(${WORDS}::text[])`)
}

/**
 * One kind's hits as a JSON array, or null when none: a record found by several columns once, the records
 * whose value is the text itself first, then the shortest values matched (closest to the text), then in the
 * values' order and by id.
 */
function recordsOf(found: Searchable, n: number, anywhere: boolean, scope: SQL | undefined): SQL | null {
  const columns = found.columns.filter((column) => anywhere || column.kind === 'prefix')
  if (columns.length === 0) return null
  const parts = columns.map((column) => partOf(found, n, column, scope))
  const id = qualified(found.id)
  return sql`(select json_agg(json_build_object('id', ${id}, 'label', ${qualified(found.label)}::text,
      'detail', ${found.detail ? sql`${qualified(found.detail)}::text` : sql`null`},
      'parent_id', ${found.parent ? qualified(found.parent) : sql`null`}, 'exact', h.exact)
      order by h.exact desc, h.length, h.hit, ${id})
    from (select id, max(case when hit = lower(${TEXT}) then 1 else 0 end) as exact, min(length(hit)) as length,
            min(hit) as hit
          from (${sql.join(parts, sql` union all `)}) as parts
          group by id order by exact desc, length, hit, id limit ${limit}) as h
    join ${found.table} on ${id} = h.id)`
}

/**
 * The ids each kind's columns searched anywhere find, a kind's worth each: any row that contains the text.
 * The records statement puts one equal to the text first among them; looking for such a title by itself
 * would cost more than the rest (an ILIKE without wildcards is estimated as common, and read by a scan).
 */
function anywhereOf(kinds: Allowed, words: Words): SQL | null {
  const parts = kinds.flatMap(({ found, scope }, n) =>
    found.columns
      .filter((column) => column.kind === 'contains')
      .map(
        (column) =>
          sql`(select ${sql.raw(String(n))} as kind, ${qualified(found.id)} as id from ${found.table} where ${and(contains(column.column, words), scope)} limit ${limit})`,
      ),
  )
  return parts.length ? sql.join(parts, sql` union all `) : null
}

/** How many words the text has, which decides how a column is searched anywhere; null when it is not. */
type Words = 'one' | 'several' | null

/** The keyword's condition (lib/list/keyword.ts containsEvery) with the text's patterns in their places. */
const contains = (column: Column['column'], words: Words) =>
  words === 'several' ? severalWords(column, WORDS) : sql`${qualified(column)} ilike ${ANYWHERE}`

function statementOf(query: SQL): Statement {
  const { sql: text, params } = dialect.sqlToQuery(query)
  return { text, params }
}

/** The statements of one shape, the text's values and the ids in their places. */
function build(kinds: Allowed, words: Words): SearchStatements | null {
  const groups = kinds.flatMap(({ found, scope }, n) => {
    const records = recordsOf(found, n, words !== null, scope)
    // The kind is one of the contract's names, the place a count: both written in, nothing of the caller's.
    return records ? [sql`(${sql.raw(String(n))}, ${sql.raw(`'${found.kind}'`)}, ${records})`] : []
  })
  if (groups.length === 0) return null
  const found = words ? anywhereOf(kinds, words) : null
  return {
    anywhere: found && statementOf(found),
    records:
      statementOf(sql`select coalesce(json_agg(json_build_object('kind', g.kind, 'records', g.records) order by g.n), '[]')::text as json
      from (values ${sql.join(groups, sql`, `)}) as g(n, kind, records) where g.records is not null`),
    kinds: kinds.length,
  }
}

const built = new Lru<string, SearchStatements>(MAX_BUILT)

/**
 * The statements answering `q` for these kinds, each within its scope: null when nothing is searched.
 * Building them with drizzle costs more than PostgreSQL takes to run them (2 ms against 0.5), so each shape
 * is built once and kept, and the record statement's text is the same for every request of its shape.
 */
export function searchStatements(kinds: Allowed, q: string): SearchStatements | null {
  const patterns = containsPatterns(q)
  const words: Words = q.length < SEARCH_CONTAINS_MIN_LENGTH ? null : patterns.length > 1 ? 'several' : 'one'
  const key = JSON.stringify([
    words,
    kinds.map(({ found, scope }) => [found.kind, scope === undefined ? null : dialect.sqlToQuery(scope)]),
  ])
  let statements = built.get(key)
  if (statements === undefined) {
    const made = build(kinds, words)
    if (!made) return null
    built.set(key, made)
    statements = made
  }
  const values: Record<string, unknown> = { [TEXT]: q, [ANYWHERE]: patterns[0], [WORDS]: patterns }
  const fill = (statement: Statement): Statement => ({
    text: statement.text,
    params: statement.params.map((p) => (typeof p === 'string' && p in values ? values[p] : p)),
  })
  return {
    ...statements,
    anywhere: statements.anywhere && fill(statements.anywhere),
    records: fill(statements.records),
  }
}

/** The records statement with the ids found anywhere in their places (none for a kind that found none). */
export function withIds(
  records: Statement,
  kinds: number,
  found: readonly { kind: number; id: number }[],
): Statement {
  const ids: Record<string, number[]> = {}
  for (let n = 0; n < kinds; n++) ids[`${IDS}${n}`] = []
  for (const row of found) ids[`${IDS}${row.kind}`]?.push(row.id)
  return {
    text: records.text,
    params: records.params.map((p) => (typeof p === 'string' && p in ids ? ids[p] : p)),
  }
}

/** The answer's `data` for `q`, as PostgreSQL wrote it: two round trips when text is searched anywhere. */
export async function search(db: Db, kinds: Allowed, q: string): Promise<string> {
  const statements = searchStatements(kinds, q)
  if (!statements) return '[]'
  const found = statements.anywhere
    ? await queryText<{ kind: number; id: number }>(db, statements.anywhere.text, statements.anywhere.params)
    : []
  const records = withIds(statements.records, statements.kinds, found)
  const [row] = await queryText<{ json: string }>(db, records.text, records.params)
  return row?.json ?? '[]'
}
