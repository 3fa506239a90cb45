import { MONEY_SUM_SQL, moneySum } from '@vod/contract'
import { type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { type defineList, type ListQuery, readBy, selectFrom } from '../list/index.ts'
import { dataOf, protectedErrors, searchErrors } from '../responses.ts'
import { type NarrowedFields, readWhole, refuseNarrowed } from './field-access.ts'
import { permissionOf } from './permissions.ts'
import type { Resolved } from './types.ts'
import type { View } from './view.ts'

type List = ReturnType<typeof defineList>

/**
 * `GET /{path}/totals` (the contract's `list.totals`): how many rows the list's filters and keyword match, and
 * the sum of each named money field over all of them, summed by PostgreSQL in `numeric` and answered as exact
 * decimal strings with two places (`"0.00"` when nothing matches). It takes the list's query; paging and sort
 * change nothing. Every matching row is read, so on a very large unfiltered table it costs a scan.
 */
export function defineTotals(
  spec: Resolved,
  view: View,
  list: List,
  scopeOf: (request: FastifyRequest) => SQL | undefined,
  narrowed: (request: FastifyRequest) => { list: List; fields: NarrowedFields | undefined },
) {
  const fields = spec.contract.list.totals ?? []
  for (const field of fields)
    if (!view.columns[field]) throw new Error(`${spec.path}: totals name "${field}", which the record lacks.`)
  const answer = dataOf(
    // A sum over a field the caller may not read whole is left out (field-access.ts).
    z.object({
      count: z.number().int(),
      ...Object.fromEntries(fields.map((field) => [field, moneySum.optional()])),
    }),
  )
  const cells = {
    count: sql<number>`count(*)::int`,
    ...Object.fromEntries(
      fields.map((field) => [
        field,
        sql<string>`coalesce(sum(${view.columns[field]}), 0)::${sql.raw(MONEY_SUM_SQL)}::text`,
      ]),
    ),
  }

  async function routes(app: FastifyInstance, db: Db) {
    app.withTypeProvider<ZodTypeProvider>().get(
      `/${spec.path}/totals`,
      {
        config: { permission: permissionOf('list', spec.path), fieldRules: spec.path },
        schema: {
          tags: [spec.path],
          summary: `Totals of the ${spec.path} a list query matches`,
          querystring: list.query,
          response: { 200: answer, ...protectedErrors, ...searchErrors },
        },
      },
      async (request) => {
        const q = request.query as ListQuery
        const read = narrowed(request)
        refuseNarrowed(q, read.fields)
        const where = read.list.where(q, scopeOf(request))
        const summed = read.fields
          ? Object.fromEntries(
              Object.entries(cells).filter(([field]) => field === 'count' || readWhole(read.fields, field)),
            )
          : cells
        // Only the joins the sums and the filters read: a total over millions of orders names no plan.
        const [row] = await selectFrom(db, readBy(view, [where, ...Object.values(summed)]), summed).where(
          where,
        )
        return { data: row as z.infer<typeof answer>['data'] }
      },
    )
  }
  return { routes }
}
