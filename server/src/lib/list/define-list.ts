import { DEFAULT_PER_PAGE, type ListMeta, MAX_PER_PAGE } from '@vod/contract'
import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL } from 'drizzle-orm'
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { type Db, queryText } from '../../db/client.ts'
import { countRows } from './count.ts'
import { type JoinSpec, selectFrom } from './source.ts'
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
  /** Columns searched by `keyword` (case-insensitive "contains"). */
  keyword?: PgColumn[]
  /** Used when the request names no sort, e.g. '-id'. */
  defaultSort: string
  /** Past this many matching rows, the total is the planner's estimate (meta.total_estimated = 1). */
  countCap?: number
}

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
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
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
  if (spec.keyword?.length) shape.keyword = textParam(100).optional()
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
      const pattern = containsPattern(q.keyword)
      conditions.push(or(...spec.keyword.map((column) => ilike(column, pattern))))
    }
    return and(...conditions)
  }

  function orderBy(q: ListQuery): SQL[] {
    const terms = q.sort.map((t) => {
      const column = spec.sortable[t.field] as PgColumn | SQL
      return t.desc ? desc(column) : asc(column)
    })
    // Equal sort values would otherwise come back in any order, and rows could repeat across pages.
    if (!q.sort.some((t) => t.field === 'id')) terms.push(asc(spec.sortable.id))
    return terms
  }

  /** The matching rows in the list's order, unpaged: an export reads them all. */
  function rows(db: Db, q: ListQuery, extraWhere?: SQL) {
    return selectFrom(db, spec, spec.columns)
      .where(where(q, extraWhere))
      .orderBy(...orderBy(q))
  }

  // Names this list in the caches of totals, which all lists share.
  const listId = ++lists
  /**
   * One statement a page: the page's records as a JSON array, and how many there are. Building it costs
   * more than PostgreSQL takes to run it, so the text and values of recent requests are kept.
   */
  const built = new Map<string, { text: string; params: unknown[] }>()
  function pageStatement(db: Db, q: ListQuery, scope: ListScope | undefined, key: string) {
    const known = built.get(key)
    if (known) return known
    const query = wireJson(db, spec, spec.columns, {
      where: where(q, scope?.where),
      orderBy: orderBy(q),
      limit: q.perPage,
      offset: (q.page - 1) * q.perPage,
    }).toSQL()
    const statement = { text: query.sql, params: query.params }
    if (built.size >= MAX_BUILT) built.clear()
    built.set(key, statement)
    return statement
  }

  /** A page of the list and its total (API.md "Lists"), the records as PostgreSQL wrote them. */
  async function run(db: Db, q: ListQuery, scope?: ListScope): Promise<ListPage> {
    const offset = (q.page - 1) * q.perPage
    const matching = JSON.stringify([listId, q.filters, q.ranges, q.keyword, q.ids, scopeKey(scope)])
    const key = JSON.stringify([matching, q.sort, q.page, q.perPage])
    const statement = pageStatement(db, q, scope, key)
    const [result] = await queryText<{ json: string; rows: number }>(db, statement.text, statement.params)
    const { total, estimated } = await countRows(
      db,
      spec,
      { key: matching, where: () => where(q, scope?.where) },
      spec.countCap ?? DEFAULT_COUNT_CAP,
      { offset, rows: result?.rows ?? 0, perPage: q.perPage },
    )
    return {
      json: result?.json ?? '[]',
      meta: {
        current_page: q.page,
        per_page: q.perPage,
        total,
        last_page: Math.max(1, Math.ceil(total / q.perPage)),
        ...(estimated ? { total_estimated: 1 as const } : {}),
      },
    }
  }

  return { query, run, rows, where, orderBy, spec }
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
