import { and, is, type SQL, sql } from 'drizzle-orm'
import { PgColumn } from 'drizzle-orm/pg-core'
import { type ChannelRows, channelRowsOf } from './channel-rows.ts'
import { containsAnywhere, hasTrigramIndex, keywordStart, kindOf, startsWith } from './keyword.ts'
import type { ListQuery, ListScope, ListSpec } from './list-spec.ts'
import { foreignKeyTo, type OrderTerm, readBy, writtenNumber } from './source.ts'

/** Where a keyword's page is read among its matches: what the statement needs of the request. */
export interface KeywordPage {
  keyword: string
  terms: readonly OrderTerm[]
  size: number
  offset: number
  /** The list's count cap: more matches than this go the way planned for the keyword's value. */
  cap: number
  /** A channel scope the matches keep to, read a channel at a time (readsKeywordFirst). */
  channels?: ChannelRows
}

type Spec = Pick<ListSpec<Record<string, never>>, 'table' | 'joins' | 'keyword' | 'sortable'>

/**
 * Whether a page is read among its keyword's matches first (keywordFirst): a keyword alone (no filter,
 * range, scope or ids) on a list whose joins never decide which rows it has, every column it searches read
 * from its index: as a range (the prefix, domain and phone kinds), the list's own or a joined table's its
 * rows name by their foreign key (a subscription's member), or the list's own text searched anywhere on its
 * trigram index; and a sort on the list's own columns. A channel scope of the list's own rows may stand
 * beside it when every column is the list's own read as a range: each is read a channel at a time, on its
 * index led by the channel (a channel admin's keyword reads its channels' rows alone). Anything else is
 * planned for its values (page-plan.ts).
 */
export function readsKeywordFirst(
  spec: Omit<Spec, 'sortable'>,
  q: ListQuery,
  scope: ListScope | undefined,
  terms: readonly OrderTerm[],
): boolean {
  const own = (expression: unknown) => is(expression, PgColumn) && expression.table === spec.table
  const reached = (column: PgColumn) =>
    column.table === spec.table ||
    ((spec.joins ?? []).some((join) => join.table === column.table) &&
      foreignKeyTo(spec.table, column.table) !== null)
  const channels = channelRowsOf(scope?.where)
  const scoped =
    scope?.where === undefined ||
    (channels?.column.table === spec.table &&
      (spec.keyword ?? [])
        .map(kindOf)
        .every(({ kind, column }) => kind !== 'contains' && column.table === spec.table))
  return (
    Boolean(q.keyword) &&
    !q.ids &&
    scoped &&
    readBy(spec, []).joins?.length === 0 &&
    Object.values(q.filters).every((value) => value === undefined) &&
    Object.values(q.ranges).every((range) => range.from === undefined && range.to === undefined) &&
    (spec.keyword ?? [])
      .map(kindOf)
      .every(({ kind, column }) =>
        kind === 'contains' ? column.table === spec.table && hasTrigramIndex(column) : reached(column),
      ) &&
    terms.every((term) => own(term.expression))
  )
}

/**
 * A keyword's page and exact total in one statement planned once, or null when the keyword can match no
 * column's kind. The matches are read from each column's index as a range in that index's order (text
 * searched anywhere: from its trigram index, which hands them over at once, by the rarest word), one
 * column after another, a column's reading leaving out the rows an earlier one found (so no row comes
 * twice and nothing is hashed to tell), carrying the list's sort columns, and no more than `cap + 1` in
 * all (under a channel scope, a channel at a time on the column's index led by the channel, `cap + 1` a
 * channel); a joined table's column gives the keys of its matching rows (`cap + 1` at most), and the list's
 * rows are read by those from their foreign key's index. The page is the matches sorted and paged, the total
 * their number; a total past `cap`, or none (a joined table matching past `cap` rows, whose keys were not
 * all read; a word the column's statistics find in more than `cap` rows, vod_pattern_common, whose trigram
 * index would hand them all over first), says the keyword is common and was not read whole. The keyword
 * reaches the ranges through a subquery, which the planner cannot fold into its estimates, so a plan made
 * for no keyword in particular costs what one made for this keyword does, and PostgreSQL keeps it: planning
 * the members' keyword for its value cost 0.26 ms where running it took 0.06.
 */
export function keywordFirst(
  spec: Spec,
  { keyword, terms, size, offset, cap, channels }: KeywordPage,
): SQL | null {
  const found = (spec.keyword ?? []).flatMap(
    (column) => keywordStart(column, keyword) ?? containsAnywhere(column, keyword) ?? [],
  )
  if (found.length === 0) return null
  const limit = writtenNumber(cap + 1)
  // A joined column's matching keys, each in a CTE of its own: its name and its statement.
  const keys: { name: ReturnType<typeof sql.identifier>; read: SQL }[] = []
  const matches = found.map((reading) => {
    // Text searched anywhere: its trigram index hands over every match at once, in no order.
    if ('match' in reading) return reading.match
    const { column, value, start } = reading
    const range = startsWith(value, sql`(select ${start}::text)`)
    const key = column.table === spec.table ? null : foreignKeyTo(spec.table, column.table)
    if (!key) return range
    const name = sql.identifier(`keys${keys.length}`)
    const read = sql`select array(select ${key.referenced} from ${column.table} where ${range} order by ${value} using ~<~ limit ${limit}) as "ids"`
    keys.push({ name, read })
    // Cast, so that ANY takes the array rather than the subquery's rows.
    return sql`${key.reference} = any((select "ids" from ${name})::${sql.raw(key.referenced.getSQLType())}[])`
  })
  const sorted = terms.map((_, i) => sql.identifier(`s${i}`))
  const carried = sql.join(
    terms.map((term, i) => sql`${term.expression} as ${sorted[i]}`),
    sql`, `,
  )
  // A word its column's statistics find in more rows than the cap: its trigram index is not read at all.
  const commons = found.flatMap((reading) =>
    'common' in reading && reading.common ? [reading.common(writtenNumber(cap))] : [],
  )
  const common = commons.length ? sql`(select ${sql.join(commons, sql` or `)})` : undefined
  const reads = found.map((reading, i) => {
    const unread = matches.slice(0, i).map((earlier) => sql`(${earlier}) is not true`)
    const own = 'value' in reading && reading.column.table === spec.table
    const inOrder = own ? sql` order by ${reading.value} using ~<~` : sql``
    const rare = 'common' in reading && reading.common && common ? sql`not ${common}` : undefined
    const where = and(matches[i], rare, ...unread)
    if (own && channels)
      return sql`(select "r".* from (${channels.channels}) as "c"("channel") cross join lateral (select ${spec.sortable.id} as "id", ${carried} from ${spec.table} where ${channels.column} = "c"."channel" and ${where}${inOrder} limit ${limit}) as "r" limit ${limit})`
    return sql`(select ${spec.sortable.id} as "id", ${carried} from ${spec.table} where ${where}${inOrder} limit ${limit})`
  })
  const order = sql.join(
    terms.map((term, i) => sql`${sorted[i]} ${sql.raw(term.desc ? 'desc' : 'asc')}`),
    sql`, `,
  )
  const counted = sql`(select count(*)::integer from "hits")`
  const unread = [
    ...keys.map(({ name }) => sql`(select cardinality("ids") from ${name}) > ${writtenNumber(cap)}`),
    ...(common ? [common] : []),
  ]
  const total = unread.length
    ? sql`case when ${sql.join(unread, sql` or `)} then null else ${counted} end`
    : counted
  const hits = sql`"hits" as materialized (select * from (${sql.join(reads, sql` union all `)}) as "matches" limit ${limit})`
  const ctes = [...keys.map(({ name, read }) => sql`${name} as materialized (${read})`), hits]
  return sql`with ${sql.join(ctes, sql`, `)}
    select array(select "id" from "hits" order by ${order} limit ${writtenNumber(size)} offset ${writtenNumber(offset)}) as "page",
      ${total} as "total"`
}
