import { DEFAULT_PER_PAGE, type ListMeta, MAX_PER_PAGE } from '@vod/contract'
import { and, eq, gte, ilike, inArray, is, lt, lte, or, SQL, sql } from 'drizzle-orm'
import { PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { type Db, queryText } from '../../db/client.ts'
import { countRows, type Matching, plannerEstimate } from './count.ts'
import { type JoinedSort, joinedPageIds, joinedSorts } from './joined-sort.ts'
import { type JoinSpec, type OrderTerm, readBy, selectFrom, sortedBy } from './source.ts'
import { wireJson } from './wire-json.ts'
import {
  boolParam,
  type DateValue,
  dateParam,
  dayParam,
  idsParam,
  intParam,
  moneyParam,
  numberParam,
  textParam,
} from './wire-values.ts'

/**
 * The value types of filters and ranges: `date` is an instant column (a day or an instant on the wire),
 * `day` a calendar-day column, `money` an exact decimal, `bool` a flag 1/0.
 */
type ValueType = 'int' | 'string' | 'bool' | 'date' | 'day' | 'money'

/** An exact match on a column, or a condition of its own (`where`), such as a relation's EXISTS. */
export type FilterSpec = ({ type: ValueType } | { type: 'enum'; values: readonly [string, ...string[]] }) &
  ({ column: PgColumn | SQL; where?: never } | { where: (value: never) => SQL; column?: never })

export interface RangeSpec {
  column: PgColumn | SQL
  type: 'date' | 'day' | 'int' | 'number' | 'money'
}

/** What a resource declares about its list; everything else (paging, parsing, counting) is shared. */
export interface ListSpec<TColumns extends Record<string, PgColumn | SQL | SQL.Aliased>> {
  table: PgTable
  joins?: readonly JoinSpec[]
  /** The columns (or expressions) of each row, keyed as the handler wants them. */
  columns: TColumns
  /**
   * Wire name -> column or expression, for `sort=name,-created_at`. Must include `id`: the tie-breaker, and
   * the column `ids=1,2,3` picks from.
   */
  sortable: { id: PgColumn } & Record<string, PgColumn | SQL>
  /** Exact matches, `?type=genre`. */
  filters?: Record<string, FilterSpec>
  /** Inclusive ranges: `created_at` accepts `created_at_from` and `created_at_to`. */
  ranges?: Record<string, RangeSpec>
  /**
   * What `keyword` searches, case-insensitively: a column of text contains it (a trigram index serves it),
   * `{ prefix: column }` starts with it (for codes and identifiers; `lower(column) text_pattern_ops` serves
   * it). A trigram index reads every row sharing the keyword's trigrams, and codes share most of theirs
   * (`ORD0…`, `member…`, `@gmail.com`), so searching them for a part costs a scan of nearly all of them.
   */
  keyword?: KeywordColumn[]
  /** Used when the request names no sort, e.g. '-id'. */
  defaultSort: string
  /** Past this many matching rows, the total is the planner's estimate (meta.total_estimated = 1). */
  countCap?: number
}

export type KeywordColumn = PgColumn | { prefix: PgColumn }

export interface SortTerm {
  field: string
  desc: boolean
}

/** The parsed query string, in the shape the runner takes. */
export interface ListQuery {
  page: number
  perPage: number
  sort: SortTerm[]
  keyword: string | null
  /** `ids=`: only these records. */
  ids: number[] | null
  filters: Record<string, unknown>
  ranges: Record<string, { from?: unknown; to?: unknown }>
}

/** A page: its records as the JSON array PostgreSQL wrote, and what the list knows of its total. */
export interface ListPage {
  json: string
  meta: ListMeta
}

/**
 * Further conditions on a list (a resource's scope, a child list's parent). `key` names them for the caches
 * where the caller knows a short one (the parent's id); otherwise the condition's own SQL is.
 */
export interface ListScope {
  where: SQL | undefined
  key?: string
}

const dialect = new PgDialect()
const scopeKey = (scope: ListScope | undefined): string =>
  scope?.where === undefined ? '' : (scope.key ?? JSON.stringify(dialect.sqlToQuery(scope.where)))

/**
 * Answers a list route, `{"data": [...], "meta": {...}}`, with the records as PostgreSQL wrote them: the
 * route's response schema documents the shape (and the API tests hold every list to it), nothing parses
 * the records again.
 */
export function sendList(reply: FastifyReply, page: ListPage): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"data":${page.json},"meta":${JSON.stringify(page.meta)}}`)
}

interface Statement {
  text: string
  params: unknown[]
}
interface PageStatements {
  /** Null when the records statement picks them itself (an unfiltered page). */
  ids: Statement | null
  records: Statement
}
/** Where a page's ids go in the records statement's values. */
const IDS = '\u0000ids'
function statement(query: SQL | { toSQL(): { sql: string; params: unknown[] } }): Statement {
  const { sql: text, params } = is(query, SQL) ? dialect.sqlToQuery(query) : query.toSQL()
  return { text, params }
}

/**
 * An unfiltered page's size, written into the statement's text instead of bound. PostgreSQL keeps one
 * generic plan for a prepared statement only when no bound value sways its estimates; with `limit $1` it
 * plans every request again. Filtered pages keep it bound on purpose: a plan made for no value in
 * particular would walk a million rows for a keyword or a rare status, which planning per request never does.
 */
function limitOf(filtered: SQL | undefined, size: number): number {
  if (filtered) return size
  if (!Number.isSafeInteger(size) || size < 0) throw new Error(`A page size must be a whole number: ${size}`)
  // drizzle writes an SQL object where a limit goes as it stands (the place it gives its own placeholders).
  return sql.raw(String(size)) as unknown as number
}

// Deep pages cost a scan of every row before them; past this an exact page is not worth serving.
const MAX_PAGE = 100_000
const DEFAULT_COUNT_CAP = 10_000
// Built statements of recent list requests (the same shape and values ask for the same SQL text).
const MAX_BUILT = 500
let lists = 0

function valueSchema(spec: FilterSpec | RangeSpec) {
  switch (spec.type) {
    case 'int':
      return intParam
    case 'number':
      return numberParam
    case 'bool':
      return boolParam
    case 'date':
      return dateParam
    case 'day':
      return dayParam
    case 'money':
      return moneyParam
    case 'enum':
      return z.enum(spec.values)
    case 'string':
      return textParam(255)
  }
}

export function parseSort(value: string, sortable: readonly string[]): SortTerm[] | null {
  const terms: SortTerm[] = []
  for (const raw of value.split(',')) {
    const part = raw.trim()
    if (part === '') continue
    const field = part.startsWith('-') ? part.slice(1) : part
    if (!sortable.includes(field)) return null
    if (!terms.some((t) => t.field === field)) terms.push({ field, desc: part.startsWith('-') })
  }
  return terms
}

function equals(spec: FilterSpec, value: unknown): SQL {
  if (spec.where) return spec.where(value as never)
  const column = spec.column as PgColumn
  if (spec.type === 'date') {
    const day = value as DateValue
    return and(gte(column, day.start), lt(column, day.end)) as SQL
  }
  return eq(column, value)
}

/** `%` and `_` in the user's text are literal characters, not LIKE wildcards. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
export const containsPattern = (text: string): string => `%${literal(text)}%`
const prefixPattern = (text: string): string => `${literal(text)}%`

/** The column a keyword must start, or null for one it must be in. */
const prefixOf = (column: KeywordColumn): PgColumn | null =>
  is(column, PgColumn) ? null : (column as { prefix: PgColumn }).prefix

/** What the OpenAPI document says a keyword column does with the keyword. */
function keywordRule(column: KeywordColumn): string {
  const prefix = prefixOf(column)
  return prefix ? `${prefix.name} starts with it` : `${(column as PgColumn).name} contains it`
}

/**
 * The keyword's condition on one column. Both sides of a prefix go through PostgreSQL's `lower`, so they
 * agree on every letter; the pattern is folded to a constant when the statement is planned for its values,
 * which lets the planner read the index as a range.
 */
function keywordMatch(column: KeywordColumn, keyword: string): SQL {
  const prefix = prefixOf(column)
  if (!prefix) return ilike(column as PgColumn, containsPattern(keyword))
  return sql`lower(${prefix}) like lower(${prefixPattern(keyword)})`
}

/**
 * Declares a list once and gets (a) the zod schema of its query string (page, per_page, sort, keyword,
 * filters, ranges; unknown parameters ignored, wrong values 422) and (b) a runner answering
 * `{data, meta}` in a stable order, with every value bound as a query parameter.
 */
export function defineList<TColumns extends Record<string, PgColumn | SQL | SQL.Aliased>>(
  spec: ListSpec<TColumns>,
) {
  const sortFields = Object.keys(spec.sortable)
  const defaultSort = parseSort(spec.defaultSort, sortFields)
  if (!defaultSort) throw new Error(`defaultSort "${spec.defaultSort}" names a field that is not sortable.`)
  const filters = spec.filters ?? {}
  const ranges = spec.ranges ?? {}

  const shape: Record<string, z.ZodType> = {
    page: intParam
      .pipe(z.number().min(1).max(MAX_PAGE))
      .default(1)
      .meta({ description: `Page number from 1 (at most ${MAX_PAGE}); default 1.` }),
    per_page: intParam
      .pipe(z.number().min(1).max(MAX_PER_PAGE))
      .default(DEFAULT_PER_PAGE)
      .meta({ description: `Rows a page, 1..${MAX_PER_PAGE}; default ${DEFAULT_PER_PAGE}.` }),
    sort: z
      .string()
      .max(500)
      .transform((value, ctx) => {
        const terms = parseSort(value, sortFields)
        if (terms) return terms
        ctx.addIssue({
          code: 'custom',
          message: 'validation.sort',
          params: { allowed: sortFields.join(', ') },
        })
        return z.NEVER
      })
      .optional()
      .meta({ description: `Comma list of ${sortFields.join(', ')}; a leading - sorts descending.` }),
    ids: idsParam.optional(),
  }
  if (spec.keyword?.length)
    shape.keyword = textParam(100)
      .optional()
      .meta({ description: `Case-insensitive: ${spec.keyword.map(keywordRule).join(', or ')}.` })
  // A filter named like a paging parameter would silently replace it: refused at declaration.
  for (const name of [
    ...Object.keys(filters),
    ...Object.keys(ranges).flatMap((r) => [`${r}_from`, `${r}_to`]),
  ])
    if (name in shape || name === 'keyword')
      throw new Error(`The list filter "${name}" collides with the list parameter of that name; rename it.`)
  for (const [name, filter] of Object.entries(filters)) shape[name] = valueSchema(filter).optional()
  for (const [name, range] of Object.entries(ranges)) {
    shape[`${name}_from`] = valueSchema(range).optional()
    shape[`${name}_to`] = valueSchema(range).optional()
  }

  const query = z.object(shape).transform((q): ListQuery => {
    const sort = (q.sort as SortTerm[] | undefined) ?? []
    return {
      page: q.page as number,
      perPage: q.per_page as number,
      sort: sort.length > 0 ? sort : defaultSort,
      keyword: (q.keyword as string | undefined) || null,
      ids: (q.ids as number[] | undefined)?.length ? (q.ids as number[]) : null,
      filters: Object.fromEntries(Object.keys(filters).map((name) => [name, q[name]])),
      ranges: Object.fromEntries(
        Object.keys(ranges).map((name) => [name, { from: q[`${name}_from`], to: q[`${name}_to`] }]),
      ),
    }
  })

  function where(q: ListQuery, extra?: SQL): SQL | undefined {
    const conditions: (SQL | undefined)[] = [extra]
    if (q.ids) conditions.push(inArray(spec.sortable.id, q.ids))
    for (const [name, filter] of Object.entries(filters)) {
      const value = q.filters[name]
      if (value !== undefined) conditions.push(equals(filter, value))
    }
    for (const [name, range] of Object.entries(ranges)) {
      const { from, to } = q.ranges[name] ?? {}
      const column = range.column as PgColumn
      if (range.type === 'date') {
        if (from !== undefined) conditions.push(gte(column, (from as DateValue).start))
        if (to !== undefined) {
          const d = to as DateValue
          conditions.push(d.day ? lt(column, d.end) : lte(column, d.start))
        }
      } else {
        if (from !== undefined) conditions.push(gte(column, from))
        if (to !== undefined) conditions.push(lte(column, to))
      }
    }
    if (q.keyword && spec.keyword?.length) {
      const keyword = q.keyword
      conditions.push(or(...spec.keyword.map((column) => keywordMatch(column, keyword))))
    }
    return and(...conditions)
  }

  function orderTerms(q: ListQuery): OrderTerm[] {
    const terms = q.sort.map((t) => ({ expression: spec.sortable[t.field] as PgColumn | SQL, desc: t.desc }))
    // Equal sort values would otherwise come back in any order, and rows could repeat across pages.
    if (!q.sort.some((t) => t.field === 'id')) terms.push({ expression: spec.sortable.id, desc: false })
    return terms
  }
  const orderBy = (q: ListQuery): SQL[] => sortedBy(orderTerms(q))

  // Names this list in the caches of totals, which all lists share.
  const listId = ++lists
  const joined = joinedSorts(spec, spec.sortable)
  const countCap = spec.countCap ?? DEFAULT_COUNT_CAP
  const idType = spec.sortable.id.getSQLType()

  /**
   * A filtered page is two statements: its ids (the filters, the sort and the paging, over only the joins
   * those read), planned for the request's values, where a plan made for no value in particular could walk
   * a million rows; then those records as the wire shows them, gathered into one JSON array by PostgreSQL,
   * by a statement whose text is the same for every page, so it is planned once. Planning the records'
   * joins and presented relations for each request cost more than running them. An unfiltered page binds
   * nothing that sways a plan, so its ids are picked inside the records statement, in one round trip.
   * Building the texts with drizzle costs more than PostgreSQL takes to run them, so those of recent
   * requests are kept.
   */
  const built = new Map<string, PageStatements>()
  function pageStatements(db: Db, q: ListQuery, scope: ListScope | undefined, key: string, by?: JoinedSort) {
    const known = built.get(key)
    if (known) return known
    const offset = (q.page - 1) * q.perPage
    const filtered = where(q, scope?.where)
    const terms = orderTerms(q)
    const [lead, ...rest] = terms
    const ids =
      by && lead
        ? joinedPageIds(db, { ...spec, id: spec.sortable.id }, by, lead, rest, filtered, {
            size: q.perPage,
            offset,
          })
        : pagedIds(db, filtered, terms, q.perPage, offset)
    const inline = filtered === undefined && !by
    const picked = inline ? sql`array(${ids})` : sql`${IDS}::${sql.raw(idType)}[]`
    const records = wireJson(db, spec, spec.columns, {
      where: and(sql`${spec.sortable.id} = any(${picked})`, scope?.where),
      orderBy: orderBy(q),
    })
    const statements = { ids: inline ? null : statement(ids), records: statement(records) }
    if (built.size >= MAX_BUILT) built.clear()
    built.set(key, statements)
    return statements
  }

  /** The ids of a page in the list's order; an unfiltered page's size written in (see limitOf). */
  function pagedIds(db: Db, filtered: SQL | undefined, terms: OrderTerm[], size: number, offset: number) {
    const page = selectFrom(db, readBy(spec, [filtered, ...terms.map((t) => t.expression)]), {
      id: sql`${spec.sortable.id}`.as('id'),
    })
      .where(filtered)
      .orderBy(...sortedBy(terms))
      .limit(limitOf(filtered, size))
    return offset ? page.offset(offset) : page
  }

  /** A page of the list and its total (API.md "Lists"), the records as PostgreSQL wrote them. */
  async function run(db: Db, q: ListQuery, scope?: ListScope): Promise<ListPage> {
    const offset = (q.page - 1) * q.perPage
    const matching: Matching = {
      key: JSON.stringify([listId, q.filters, q.ranges, q.keyword, q.ids, scopeKey(scope)]),
      where: () => where(q, scope?.where),
    }
    // Led by a joined table's column, many matching rows are taken group by group (joined-sort.ts); a few
    // are simply sorted.
    const lead = q.sort[0] && joined.get(q.sort[0].field)
    const by = lead && (await plannerEstimate(db, spec, matching)) > countCap ? lead : undefined
    const key = JSON.stringify([matching.key, q.sort, q.page, q.perPage, Boolean(by)])
    const statements = pageStatements(db, q, scope, key, by)
    const ids = statements.ids && (await exec(statements.ids)).map((row) => (row as { id: unknown }).id)
    const [records] = ids?.length === 0 ? [] : await exec(statements.records, ids ?? undefined)
    const page = records as { json: string; rows: number } | undefined
    // The ids tell how full the page is, even should one of them be deleted before its record is read.
    const { total, estimated } = await countRows(db, spec, matching, countCap, {
      offset,
      rows: ids?.length ?? page?.rows ?? 0,
      perPage: q.perPage,
    })
    return {
      json: page?.json ?? '[]',
      meta: {
        current_page: q.page,
        per_page: q.perPage,
        total,
        last_page: Math.max(1, Math.ceil(total / q.perPage)),
        ...(estimated ? { total_estimated: 1 as const } : {}),
      },
    }

    function exec(built: Statement, ids?: unknown[]) {
      const params = ids ? built.params.map((p) => (p === IDS ? ids : p)) : built.params
      return queryText<unknown>(db, built.text, params)
    }
  }

  /** What needs an index of its own: the columns searched from their start, the joined sorts. */
  const indexed = {
    prefixes: (spec.keyword ?? []).map(prefixOf).filter((column) => column !== null),
    joinedSorts: [...joined.values()],
  }

  return { query, run, where, orderBy, orderTerms, spec, indexed }
}

/** The answer schema of a list, for the route's `response` (and so the OpenAPI document). */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({
      current_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      last_page: z.number().int(),
      total_estimated: z.literal(1).optional(),
    }),
  })
}
