import { and, is, SQL, sql } from 'drizzle-orm'
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core'
import { type Db, queryText } from '../../db/client.ts'
import { Lru } from '../../lru.ts'
import { channelRowsOf } from './channel-rows.ts'
import { type JoinedSort, joinedPageIds } from './joined-sort.ts'
import { keywordFirst, readsKeywordFirst } from './keyword-first.ts'
import type { ListQuery, ListScope, ListSpec } from './list-spec.ts'
import { pagePlan } from './page-plan.ts'
import { type OrderTerm, readBy, selectFrom, sortedBy, writtenNumber } from './source.ts'
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
  /**
   * A keyword's page, its records and its exact total read among its matches first (keyword-first.ts), when
   * the request is one it serves: `ids` and `records` then only for a keyword matching more rows than the
   * count cap (a total past it, or null).
   */
  hits?: Statement
}
/** Where a page's ids go in the records statement's values. */
const IDS = '\u0000ids'
function statement(query: SQL | { toSQL(): { sql: string; params: unknown[] } }): Statement {
  const { sql: text, params } = is(query, SQL) ? dialect.sqlToQuery(query) : query.toSQL()
  return { text, params }
}

/**
 * A page's size or offset, written into the statement's text where one plan serves every request
 * (page-plan.ts). PostgreSQL keeps one generic plan for a prepared statement only when no bound value sways
 * its estimates: with `limit $1` it plans every request again, and with `offset $1` it reckons a tenth of
 * the table skipped (page 400 of a million tags: 1,832 against 174), so keeps planning deep pages too, each
 * to the same plan. Other pages keep them bound on purpose: a plan made for no value in particular would
 * walk a million rows for a keyword or a rare status, which planning per request never does.
 */
function paging(once: boolean, n: number): number {
  if (!once) return n
  // drizzle writes an SQL object where a limit goes as it stands (the place it gives its own placeholders).
  return writtenNumber(n) as unknown as number
}

/**
 * A page's statements, by how it is planned (page-plan.ts). A first page an index gives in the list's order
 * is read straight from it, its records presented on the way: one statement, planned once. Any other page
 * is picked by its ids, then its records as the wire shows them, gathered into one JSON array by PostgreSQL:
 * where one plan serves every request, the ids are picked inside the records statement (a deep page read
 * straight would present every row it skips); otherwise the ids are a statement of their own (the filters,
 * the sort and the paging, over only the joins those read), planned for the request's values, and the
 * records a statement whose text is the same for every page, planned once: planning the records' joins and
 * presented relations for each request cost more than running them. A keyword alone, on columns read from
 * their indexes as ranges, is read among its matches first (keyword-first.ts), its ids statement run only
 * when it matches more rows than the count cap. Building the texts with drizzle costs
 * more than PostgreSQL takes to run them, so those of recent requests are kept.
 */
export function pageStatements<TColumns extends Record<string, SQL | SQL.Aliased | PgColumn>>(
  spec: ListSpec<TColumns>,
  where: (q: ListQuery, extra?: SQL) => SQL | undefined,
  orderTerms: (q: ListQuery) => OrderTerm[],
  countCap: number,
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
    const plan = by ? 'values' : pagePlan(spec, q, scope, orderTerms(q))
    const statements =
      plan === 'in order' && offset === 0
        ? { ids: null, records: statement(inOrder(db, filtered, q)) }
        : pageByIds(db, q, filtered, scope, plan !== 'values', by)
    const terms = orderTerms(q)
    const hits =
      !by && q.keyword && readsKeywordFirst(spec, q, scope, terms)
        ? keywordFirst(spec, {
            keyword: q.keyword,
            terms,
            size: q.perPage,
            offset,
            cap: countCap,
            channels: channelRowsOf(scope?.where),
          })
        : null
    // Led by `select`, as the statements a connection keeps prepared are (db/client.ts); the records of the
    // page's ids in the same statement, a round trip fewer.
    const pageIds = sql`"among"."page"`
    if (hits)
      statements.hits = statement(
        sql`select "among"."total", "records".* from (${hits}) as "among" cross join lateral (${recordsOf(db, q, pageIds, scope)}) as "records"`,
      )
    built.set(key, statements)
    return statements
  }

  /** A first page read straight from the index that gives it, its records presented on the way. */
  function inOrder(db: Db, filtered: SQL | undefined, q: ListQuery) {
    return wireJson(db, spec, spec.columns, {
      where: filtered,
      orderBy: orderBy(q),
      limit: paging(true, q.perPage),
    })
  }

  /**
   * A page's ids, then its records: in one statement where one plan serves every request, else the ids
   * first, planned for the request's values (or group by group, for a sort led by a joined column).
   */
  function pageByIds(
    db: Db,
    q: ListQuery,
    filtered: SQL | undefined,
    scope: ListScope | undefined,
    once: boolean,
    by: JoinedSort | undefined,
  ): PageStatements {
    const offset = (q.page - 1) * q.perPage
    const terms = orderTerms(q)
    const [lead, ...rest] = terms
    const ids =
      by && lead
        ? joinedPageIds(db, { ...spec, id: spec.sortable.id }, by, lead, rest, filtered, {
            size: q.perPage,
            offset,
          })
        : pagedIds(db, filtered, terms, q.perPage, offset, once)
    // The ids reach the records through a subquery: bound where the planner sees them, a page of one or two
    // (a keyword's) costs less planned for its ids than in the plan for any page, so PostgreSQL never kept
    // that plan and planned every such page again (0.7 ms, for 0.17 ms of work).
    const array = sql`${sql.raw(idType)}[]`
    const picked = once ? sql`array(${ids})` : sql`(select ${IDS}::${array})::${array}`
    return { ids: once ? null : statement(ids), records: statement(recordsOf(db, q, picked, scope)) }
  }

  /** The records of a page whose ids are the array `picked`, in the list's order. */
  function recordsOf(db: Db, q: ListQuery, picked: SQL, scope: ListScope | undefined) {
    return wireJson(db, spec, spec.columns, {
      where: and(sql`${spec.sortable.id} = any(${picked})`, scope?.where),
      orderBy: orderBy(q),
    })
  }

  /** The ids of a page in the list's order; its paging written in where one plan serves it (see paging). */
  function pagedIds(
    db: Db,
    filtered: SQL | undefined,
    terms: OrderTerm[],
    size: number,
    offset: number,
    once: boolean,
  ) {
    const page = selectFrom(db, readBy(spec, [filtered, ...terms.map((t) => t.expression)]), {
      id: sql`${spec.sortable.id}`.as('id'),
    })
      .where(filtered)
      .orderBy(...sortedBy(terms))
      .limit(paging(once, size))
    return offset ? page.offset(paging(once, offset)) : page
  }

  return statementsOf
}

/** Runs a built statement, with a page's ids where the records statement takes them. */
export function execute(db: Db, built: Statement, ids?: unknown[]) {
  const params = ids ? built.params.map((p) => (p === IDS ? ids : p)) : built.params
  return queryText<unknown>(db, built.text, params)
}
