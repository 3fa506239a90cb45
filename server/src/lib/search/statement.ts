import { SEARCH_CONTAINS_MIN_LENGTH, SEARCH_PER_KIND } from '@vod/contract/search'
import { and, type SQL, sql } from 'drizzle-orm'
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core'
import { containsPattern, literal, prefixRange } from '../list/keyword.ts'
import { Lru } from '../lru.ts'
import { qualified } from '../resource/relations.ts'
import type { Searchable } from './searchable.ts'

const limit = sql.raw(String(SEARCH_PER_KIND))
const dialect = new PgDialect()

/**
 * Where the text goes among a built statement's values: the text itself, as an ILIKE of the whole value,
 * and as an ILIKE anywhere. A statement is built with these in their places and kept; each request puts
 * its own text there.
 */
const TEXT = '\u0000text'
const WHOLE = '\u0000whole'
const ANYWHERE = '\u0000anywhere'
// Built statements of recent shapes (which kinds, whose scope, whether text is searched anywhere).
const MAX_BUILT = 500
const built = new Lru<string, Statement>(MAX_BUILT)

export interface Statement {
  text: string
  params: unknown[]
}

/**
 * The few rows one column finds, each with the value it matched (lower-cased): every part reads its own
 * index and stops after a kind's worth of rows. From its start: a range of its `lower()` index read in that
 * index's order, so a whole value equal to the query is its first row. Anywhere in it: first the values
 * equal to it (an ILIKE without wildcards, which the trigram index finds by all of its trigrams), then any
 * that contain it.
 */
function partsOf(
  found: Searchable,
  column: { kind: 'prefix' | 'contains'; column: PgColumn },
  anywhere: boolean,
  scope: SQL | undefined,
): SQL[] {
  const id = qualified(found.id)
  const value = qualified(column.column)
  const read = (where: SQL, order?: SQL) =>
    sql`(select ${id} as id, lower(${value}) as hit from ${found.table} where ${and(where, scope)}${order ? sql` order by ${order}` : sql``} limit ${limit})`
  if (column.kind === 'prefix')
    return [read(prefixRange(column.column, TEXT), sql`lower(${value}) using ~<~`)]
  if (!anywhere) return []
  return [read(sql`${value} ilike ${WHOLE}`), read(sql`${value} ilike ${ANYWHERE}`)]
}

/**
 * One kind's hits as a JSON array, or null when none: a record found by several columns once, the records
 * whose value is the query itself first, then the shortest values matched (closest to the query), then
 * in the values' order and by id.
 */
function recordsOf(found: Searchable, anywhere: boolean, scope: SQL | undefined): SQL | null {
  const parts = found.columns.flatMap((column) => partsOf(found, column, anywhere, scope))
  if (parts.length === 0) return null
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

/** The statement of one shape, its text's values in their places. */
function build(
  kinds: readonly { found: Searchable; scope: SQL | undefined }[],
  anywhere: boolean,
): Statement | null {
  const groups = kinds.flatMap(({ found, scope }, n) => {
    const records = recordsOf(found, anywhere, scope)
    // The kind is one of the contract's names, the order a count: both written in, nothing of the caller's.
    return records ? [sql`(${sql.raw(String(n))}, ${sql.raw(`'${found.kind}'`)}, ${records})`] : []
  })
  if (groups.length === 0) return null
  const { sql: text, params } =
    dialect.sqlToQuery(sql`select coalesce(json_agg(json_build_object('kind', g.kind, 'records', g.records) order by g.n), '[]')::text as json
    from (values ${sql.join(groups, sql`, `)}) as g(n, kind, records) where g.records is not null`)
  return { text, params }
}

/**
 * The whole answer's `data` as PostgreSQL writes it, in one statement: for each kind the caller may search,
 * its records within the caller's scope; kinds without records left out, the rest in the given order. Null
 * when nothing is searched. Building it with drizzle costs more than PostgreSQL takes to run it (2 ms
 * against 0.3), so each shape is built once and kept; its text is the same for every request of that shape,
 * which PostgreSQL then runs as one prepared statement (db/client.ts).
 */
export function searchStatement(
  kinds: readonly { found: Searchable; scope: SQL | undefined }[],
  q: string,
): Statement | null {
  const anywhere = q.length >= SEARCH_CONTAINS_MIN_LENGTH
  const key = JSON.stringify([
    anywhere,
    kinds.map(({ found, scope }) => [found.kind, scope === undefined ? null : dialect.sqlToQuery(scope)]),
  ])
  let statement = built.get(key)
  if (statement === undefined) {
    const made = build(kinds, anywhere)
    if (!made) return null
    built.set(key, made)
    statement = made
  }
  const values: Record<string, string> = { [TEXT]: q, [WHOLE]: literal(q), [ANYWHERE]: containsPattern(q) }
  return {
    text: statement.text,
    params: statement.params.map((p) => (typeof p === 'string' && p in values ? values[p] : p)),
  }
}
