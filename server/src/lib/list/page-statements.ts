import { and, is, SQL, sql } from 'drizzle-orm'
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core'
import { type Db, queryText } from '../../db/client.ts'
import { Lru } from '../lru.ts'
import { type JoinedSort, joinedPageIds } from './joined-sort.ts'
import type { ListQuery, ListScope, ListSpec } from './list-spec.ts'
import { onePlanServes } from './one-plan.ts'
import { type OrderTerm, readBy, selectFrom, sortedBy } from './source.ts'
import { wireJson } from './wire-json.ts'

const dialect = new PgDialect()
// Built statements of recent list requests (the same shape and values ask for the same SQL text).
const MAX_BUILT = 500

export interface Statement {
  text: string
  params: unknown[]
}
export interface PageStatements {
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
 * The page size, written into the statement's text where one plan serves every request (onePlanServes).
 * PostgreSQL keeps one generic plan for a prepared statement only when no bound value sways its estimates;
 * with `limit $1` it plans every request again. Other pages keep it bound on purpose: a plan made for no
 * value in particular would walk a million rows for a keyword or a rare status, which planning per request
 * never does.
 */
function limitOf(onePlan: boolean, size: number): number {
  if (!onePlan) return size
  if (!Number.isSafeInteger(size) || size < 0) throw new Error(`A page size must be a whole number: ${size}`)
  // drizzle writes an SQL object where a limit goes as it stands (the place it gives its own placeholders).
  return sql.raw(String(size)) as unknown as number
}

/**
 * A page one plan serves (onePlanServes: unfiltered, or exact filters an index gives in the list's order)
 * is one statement, its ids picked inside the statement that presents those records, planned once. Any
 * other page is two: its ids (the filters, the sort and the paging, over only the joins those read),
 * planned for the request's values, where a plan made for no value in particular could walk a million
 * rows; then those records as the wire shows them, gathered into one JSON array by PostgreSQL, by a
 * statement whose text is the same for every page, so it is planned once. Planning the records' joins and
 * presented relations for each request cost more than running them.
 * Building the texts with drizzle costs more than PostgreSQL takes to run them, so those of recent
 * requests are kept.
 */
export function pageStatements<TColumns extends Record<string, SQL | SQL.Aliased | PgColumn>>(
  spec: ListSpec<TColumns>,
  where: (q: ListQuery, extra?: SQL) => SQL | undefined,
  orderTerms: (q: ListQuery) => OrderTerm[],
) {
  const idType = spec.sortable.id.getSQLType()
  const orderBy = (q: ListQuery): SQL[] => sortedBy(orderTerms(q))
  const built = new Lru<string, PageStatements>(MAX_BUILT)
  function statementsOf(
    db: Db,
    q: ListQuery,
    scope: ListScope | undefined,
    key: string,
    by: JoinedSort | undefined,
  ) {
    const known = built.get(key)
    if (known) return known
    const offset = (q.page - 1) * q.perPage
    const filtered = where(q, scope?.where)
    const terms = orderTerms(q)
    const [lead, ...rest] = terms
    const inline = !by && (filtered === undefined || onePlanServes(spec, q, scope, terms))
    const ids =
      by && lead
        ? joinedPageIds(db, { ...spec, id: spec.sortable.id }, by, lead, rest, filtered, {
            size: q.perPage,
            offset,
          })
        : pagedIds(db, filtered, terms, q.perPage, offset, inline)
    const picked = inline ? sql`array(${ids})` : sql`${IDS}::${sql.raw(idType)}[]`
    const records = wireJson(db, spec, spec.columns, {
      where: and(sql`${spec.sortable.id} = any(${picked})`, scope?.where),
      orderBy: orderBy(q),
    })
    const statements = { ids: inline ? null : statement(ids), records: statement(records) }
    built.set(key, statements)
    return statements
  }

  /** The ids of a page in the list's order; its size written in where one plan serves it (see limitOf). */
  function pagedIds(
    db: Db,
    filtered: SQL | undefined,
    terms: OrderTerm[],
    size: number,
    offset: number,
    onePlan: boolean,
  ) {
    const page = selectFrom(db, readBy(spec, [filtered, ...terms.map((t) => t.expression)]), {
      id: sql`${spec.sortable.id}`.as('id'),
    })
      .where(filtered)
      .orderBy(...sortedBy(terms))
      .limit(limitOf(onePlan, size))
    return offset ? page.offset(offset) : page
  }

  return statementsOf
}

/** Runs a built statement, with a page's ids where the records statement takes them. */
export function execute(db: Db, built: Statement, ids?: unknown[]) {
  const params = ids ? built.params.map((p) => (p === IDS ? ids : p)) : built.params
  return queryText<unknown>(db, built.text, params)
}
