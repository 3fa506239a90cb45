import type { SQL } from 'drizzle-orm'
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core'
import type { FastifyReply } from 'fastify'
import type { Db } from '../../db/client.ts'
import { Lru } from '../../lru.ts'
import { listWhere } from './conditions.ts'
import { countRows, type Matching, plannerEstimate } from './count.ts'
import { joinedSorts } from './joined-sort.ts'
import { columnsOf } from './keyword.ts'
import { listQuery } from './list-query.ts'
import type { ListPage, ListQuery, ListScope, ListSpec } from './list-spec.ts'
import { execute, pageStatements, type Statement } from './page-statements.ts'
import { type OrderTerm, sortedBy } from './source.ts'

export * from './list-spec.ts'

const DEFAULT_COUNT_CAP = 10_000
// A keyword found matching more rows than the count cap is remembered as such this long: how many rows
// start with it changes slowly, and reading the cap's worth of them again for each page would be wasted.
const COMMON_FOR_MS = 60_000
const MAX_COMMON = 1_000
let lists = 0

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

/**
 * Declares a list once and gets (a) the zod schema of its query string (list-query.ts: unknown parameters
 * and wrong values 422) and (b) a runner answering `{data, meta}` in a stable order, with every value bound
 * as a query parameter (conditions.ts, page-statements.ts, count.ts).
 */
export function defineList<TColumns extends Record<string, PgColumn | SQL | SQL.Aliased>>(
  spec: ListSpec<TColumns>,
) {
  const { query, exportQuery } = listQuery(spec)
  const where = listWhere(spec)

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
  const statementsOf = pageStatements(spec, where, orderTerms, countCap)
  // Keywords lately found matching more rows than the count cap (until when): their pages go the planned way.
  const common = new Lru<string, number>(MAX_COMMON)

  const matchingOf = (q: ListQuery, scope: ListScope | undefined): Matching => ({
    key: JSON.stringify([listId, q.filters, q.ranges, q.keyword, q.ids, scopeKey(scope)]),
    where: () => where(q, scope?.where),
  })

  /** The statements a page runs (page-statements.ts), built once for each shape of request. */
  async function statements(db: Db, q: ListQuery, scope?: ListScope, matching = matchingOf(q, scope)) {
    // Led by a joined table's column, many matching rows are taken group by group (joined-sort.ts); a few
    // are simply sorted.
    const lead = q.sort[0] && joined.get(q.sort[0].field)
    const by = lead && (await plannerEstimate(db, spec, matching)) > countCap ? lead : undefined
    const key = JSON.stringify([matching.key, q.sort, q.page, q.perPage, Boolean(by)])
    return statementsOf(db, q, scope, key, by)
  }

  /** A keyword's page and exact total among its matches; null when it matched more than the count cap. */
  async function amongMatches(db: Db, hits: Statement, key: string) {
    const [row] = (await execute(db, hits)) as { json: string; rows: number; total: number | null }[]
    if (row && row.total !== null && row.total <= countCap) return { ...row, total: row.total }
    common.set(key, Date.now() + COMMON_FOR_MS)
    return null
  }

  /** A page of the list and its total (API.md "Lists"), the records as PostgreSQL wrote them. */
  async function run(db: Db, q: ListQuery, scope?: ListScope): Promise<ListPage> {
    const offset = (q.page - 1) * q.perPage
    const matching = matchingOf(q, scope)
    const built = await statements(db, q, scope, matching)
    const among =
      built.hits && (common.get(matching.key) ?? 0) < Date.now()
        ? await amongMatches(db, built.hits, matching.key)
        : null
    const ids = among
      ? null
      : built.ids && (await execute(db, built.ids)).map((row) => (row as { id: unknown }).id)
    const page = (among ??
      (ids?.length === 0 ? undefined : (await execute(db, built.records, ids ?? undefined))[0])) as
      | { json: string; rows: number }
      | undefined
    // The ids tell how full the page is, even should one of them be deleted before its record is read.
    const { total, estimated } = among
      ? { total: among.total, estimated: false }
      : await countRows(db, spec, matching, countCap, {
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
  }

  /**
   * What needs an index of its own: the columns searched from their start, by their e-mail domain and by
   * their phone digits' end (db/schema/columns.ts declares each index), the joined sorts.
   */
  const indexed = {
    prefixes: columnsOf(spec.keyword, 'prefix'),
    domains: columnsOf(spec.keyword, 'domain'),
    phones: columnsOf(spec.keyword, 'phone'),
    joinedSorts: [...joined.values()],
  }

  return { query, exportQuery, run, statements, where, orderBy, orderTerms, spec, indexed }
}
