import { SEARCH_CONTAINS_MIN_LENGTH, SEARCH_PER_KIND } from '@vod/contract/search'
import { and, getTableName, type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { type Db, queryText, type Statement } from '../../db/client.ts'
import { reversedDigits } from '../../db/schema/columns.ts'
import { Lru } from '../../lru.ts'
import { channelRowsOf } from '../list/channel-rows.ts'
import {
  CONTAINS_READ_MAX,
  containsPatterns,
  everyWord,
  lastDigitsFirst,
  prefixRange,
  startsWith,
} from '../list/keyword.ts'
import { maskOf } from '../resource/field-access.ts'
import { qualified } from '../resource/relations.ts'
import { readByWords, type Searchable } from './searchable.ts'

const limit = sql.raw(String(SEARCH_PER_KIND))
const dialect = new PgDialect()

/**
 * Where the text goes among a built statement's values: the text itself, and the ILIKE patterns of its
 * words (lib/list/keyword.ts containsPatterns). A statement is built with these in their places and kept;
 * each request puts its own there.
 */
const TEXT = '\u0000text'
const WORDS = '\u0000words'
/** The text's digits last first, as a phone column's reversed-digits index holds them (null: no phone number). */
const DIGITS = '\u0000digits'
// Built statements of recent shapes (which kinds, whose scope, whether text is searched anywhere).
const MAX_BUILT = 500

type Allowed = readonly { found: Searchable; scope: SQL | undefined }[]
type Column = Searchable['columns'][number]

/**
 * The few rows one column finds, each with the value it matched (lower-cased). From its start: a range of
 * its `lower()` index read in that index's order and cut after a kind's worth, so a whole value equal to the
 * text is its first row and costs one index lookup; within a channel scope, that range of each of the
 * caller's channels on the index led by the channel (db/schema), so only the caller's rows are read, and how
 * long it takes says nothing of other channels' rows. Anywhere: every word in it, the large tables' rows by
 * vod_contains_ids.
 */
function partOf(found: Searchable, column: Column, scope: SQL | undefined): SQL {
  const id = qualified(found.id)
  const value = qualified(column.column)
  const read = (where: SQL, order = sql``) =>
    sql`(select ${id} as id, lower(${value}) as hit from ${found.table} where ${where}${order} limit ${limit})`
  const channels = channelRowsOf(scope)
  // A phone number by its last digits, in any formatting: a range of the reversed-digits index the members
  // list's keyword reads (lib/list/keyword.ts), never a pattern over every row.
  const digits = column.kind === 'phone' && reversedDigits(column.column)
  const range = digits ? startsWith(digits, DIGITS) : prefixRange(column.column, TEXT)
  const inOrder = digits ? sql` order by ${digits} using ~<~` : sql` order by lower(${value}) using ~<~`
  if (column.kind !== 'contains' && channels?.column.table === found.table)
    return sql`(select "r".id, "r".hit from (${channels.channels}) as "c"("channel") cross join lateral ${read(
      sql`${qualified(channels.column)} = "c"."channel" and ${range}`,
      inOrder,
    )} as "r" order by "r".hit using ~<~ limit ${limit})`
  if (column.kind !== 'contains') return read(and(range, scope) as SQL, inOrder)
  if (readByWords(column))
    return read(
      sql`${id} = any(vod_contains_ids(${getTableName(found.table)}, ${found.id.name}, ${column.column.name}, ${WORDS}::text[], ${limit}, ${sql.raw(String(CONTAINS_READ_MAX))}))`,
    )
  return read(and(everyWord(column.column, sql`${WORDS}::text[]`), scope) as SQL)
}

/**
 * One kind's hits as a JSON array, or null when none: a record found by several columns once, the records
 * whose value is the text itself first, then the shortest values matched (closest to the text), then in the
 * values' order and by id.
 */
function recordsOf(found: Searchable, anywhere: boolean, scope: SQL | undefined): SQL | null {
  const columns = found.columns.filter((column) => anywhere || column.kind !== 'contains')
  if (columns.length === 0) return null
  const parts = columns.map((column) => partOf(found, column, scope))
  const id = qualified(found.id)
  const detail = found.detail && qualified(found.detail)
  return sql`(select json_agg(json_build_object('id', ${id}, 'label', ${qualified(found.label)}::text,
      'detail', ${detail ? (found.detailMask ? maskOf(found.detailMask, detail) : sql`${detail}::text`) : sql`null`},
      'parent_id', ${found.parent ? qualified(found.parent) : sql`null`}, 'exact', h.exact)
      order by h.exact desc, h.length, h.hit, ${id})
    from (select id, max(case when hit = lower(${TEXT}) then 1 else 0 end) as exact, min(length(hit)) as length,
            min(hit) as hit
          from (${sql.join(parts, sql` union all `)}) as parts
          group by id order by exact desc, length, hit, id limit ${limit}) as h
    join ${found.table} on ${id} = h.id)`
}

/** The statement of one shape, the text's values in their places. */
function build(kinds: Allowed, anywhere: boolean): Statement | null {
  const groups = kinds.flatMap(({ found, scope }, n) => {
    const records = recordsOf(found, anywhere, scope)
    // The kind is one of the contract's names, the place a count: both written in, nothing of the caller's.
    return records ? [sql`(${sql.raw(String(n))}, ${sql.raw(`'${found.kind}'`)}, ${records})`] : []
  })
  if (groups.length === 0) return null
  const { sql: text, params } =
    dialect.sqlToQuery(sql`select coalesce(json_agg(json_build_object('kind', g.kind, 'records', g.records) order by g.n), '[]')::text as json
      from (values ${sql.join(groups, sql`, `)}) as g(n, kind, records) where g.records is not null`)
  return { text, params }
}

const built = new Lru<string, Statement>(MAX_BUILT)

/**
 * The statement answering `q` for these kinds, each within its scope: null when nothing is searched. One
 * statement, prepared (db/client.ts), its plan the same for every text: what large tables contain is read
 * by a lookup planned for the text as it runs (vod_contains_ids). Building it with drizzle costs more than
 * PostgreSQL takes to run it (2 ms against 0.5), so each shape is built once and kept.
 */
export function searchStatement(kinds: Allowed, q: string): Statement | null {
  const anywhere = q.length >= SEARCH_CONTAINS_MIN_LENGTH
  const key = JSON.stringify([
    anywhere,
    kinds.map(({ found, scope }) => [
      found.kind,
      found.narrowing ?? null,
      scope === undefined ? null : dialect.sqlToQuery(scope),
    ]),
  ])
  let statement = built.get(key)
  if (statement === undefined) {
    const made = build(kinds, anywhere)
    if (!made) return null
    built.set(key, made)
    statement = made
  }
  const values: Record<string, unknown> = {
    [TEXT]: q,
    [WORDS]: containsPatterns(q),
    [DIGITS]: lastDigitsFirst(q),
  }
  return {
    text: statement.text,
    params: statement.params.map((p) => (typeof p === 'string' && p in values ? values[p] : p)),
  }
}

/** The answer's `data` for `q`, as PostgreSQL wrote it, in one round trip. */
export async function search(db: Db, kinds: Allowed, q: string): Promise<string> {
  const statement = searchStatement(kinds, q)
  if (!statement) return '[]'
  const [row] = await queryText<{ json: string }>(db, statement.text, statement.params)
  return row?.json ?? '[]'
}
