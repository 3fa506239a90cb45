import type { ListMeta } from '@vod/contract'
import type { SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { JoinSpec, LateralJoin } from './source.ts'

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
  lateral?: readonly LateralJoin[]
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
   * What `keyword` searches, case-insensitively: a column of text contains each of its words, in any order
   * (a trigram index serves it, read by the rarest word),
   * `{ prefix: column }` starts with it (for codes and identifiers; `lower(column) text_pattern_ops` serves
   * it). A trigram index reads every row sharing the keyword's trigrams, and codes share most of theirs
   * (`ORD0…`, `member…`, `@gmail.com`), so searching them for a part costs a scan of nearly all of them.
   * Two parts are searched on indexes of their own (db/schema/columns.ts): `{ domain: column }`, an e-mail
   * address whose domain starts with the keyword (`example.org`, `@example.org`), and `{ phone: column }`, a
   * phone number whose digits end with the keyword's (typed without the country code). A kind the keyword
   * cannot match (a word for a phone) adds no condition (lib/list/keyword.ts).
   */
  keyword?: KeywordColumn[]
  /** Used when the request names no sort, e.g. '-id'. */
  defaultSort: string
  /** Past this many matching rows, the total is the planner's estimate (meta.total_estimated = 1). */
  countCap?: number
}

export type KeywordColumn = PgColumn | { prefix: PgColumn } | { domain: PgColumn } | { phone: PgColumn }

export interface SortTerm {
  field: string
  desc: boolean
}

/** The parsed query string, in the shape the runner takes. */
export interface ListQuery {
  page: number
  perPage: number
  sort: SortTerm[]
  /** The list's default order, no `sort` given (field rules order by id where it is a hidden field). */
  sortDefault?: boolean
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
