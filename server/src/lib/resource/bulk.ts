import { randomUUID } from 'node:crypto'
import {
  BULK_LIMIT,
  type BulkInput,
  type BulkRowResult,
  bulkAnswer,
  bulkInput,
  bulkReasonInput,
} from '@vod/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { attributeName } from '../../i18n/index.ts'
import { ApiError, invalidField, notFound } from '../errors.ts'
import { type defineList, type ListQuery, selectFrom } from '../list/index.ts'
import { noteSave } from '../presence/saves.ts'
import { errorBody, protectedErrors } from '../responses.ts'
import { renewDeletions, restorable } from './deletions.ts'
import { type NarrowedFields, refuseNarrowed } from './field-access.ts'
import { routeAccess } from './permissions.ts'
import type { Resolved } from './types.ts'
import { checkRowsAgainst } from './versions.ts'
import type { defineWrites } from './write.ts'

type Writes = ReturnType<typeof defineWrites>

/** Rows a transaction: few enough that locks are not held long, many enough that commits do not dominate. */
const CHUNK = 100
type List = ReturnType<typeof defineList>

const reasonOf = (request: FastifyRequest) => (request.body as { reason: string }).reason

/** What a refusal says, as the single request would have answered it (API.md's `message`). */
function messageOf(request: FastifyRequest, error: ApiError): string {
  const [field, issues] = Object.entries(error.fields ?? {})[0] ?? []
  const issue = issues?.[0]
  if (field && issue)
    return request.t(issue.key, { attribute: attributeName(request.lang, field), ...issue.params })
  return request.t(error.key, error.params)
}

/**
 * Bulk actions for every resource (docs/resources.md "Bulk actions and undo"): `POST /{path}/bulk/{action}`
 * for each action of the resource, `delete` and `restore` (undo), behind the same permission as one record's.
 * The rows are the body's `ids`, or with `{"all": 1}` every row the list's filters in the query string match,
 * in the list's order; more than BULK_LIMIT is 422 and nothing is done. Each row then runs as its own request
 * would, in its own transaction with its own audit entry: done, or refused with the status and message it
 * would have had. One refusal never undoes the others.
 *
 * Bounded: one statement finds which of the named ids are there (in the request's scope, or still to be
 * undone for `restore`); the others are refused 404 as their single request would be, with no statement
 * each, so 1,000 ids that name nothing cost one. At most BULK_CONCURRENCY bulk requests run at once in a
 * process (plugins/bulk-slots.ts, 429 past it), each on one connection at a time.
 */
export function defineBulk(
  spec: Resolved,
  list: List,
  writes: Writes,
  narrowed: (request: FastifyRequest) => { list: List; fields: NarrowedFields | undefined },
) {
  const { path, table } = spec
  const operations = new Set(spec.operations)
  type Run = (db: Db, request: FastifyRequest, id: number, batch: string) => Promise<unknown>
  const runs: Record<string, { permission: string; run: Run; body?: typeof bulkReasonInput }> = {}
  // An action with a body of its own has no bulk form, unless all it asks is why: one reason for every row.
  for (const [name, action] of Object.entries(spec.actions))
    if (!action.body || action.reason)
      runs[name] = {
        permission: action.permission ?? name,
        run: (db, request, id) =>
          writes.act(db, request, id, name, action.reason ? { reason: reasonOf(request) } : undefined),
        ...(action.reason && { body: bulkReasonInput }),
      }
  if (operations.has('delete')) {
    runs.delete = {
      permission: 'delete',
      run: (db, request, id, batch) => writes.remove(db, request, id, batch),
    }
    runs.restore = { permission: 'delete', run: (db, request, id) => writes.restore(db, request, id) }
  }

  /**
   * The rows a request names, its ids or the list's matching rows (at most BULK_LIMIT), and of those the
   * ones worth running: named ids that are not there (one statement says which) are refused 404 unrun.
   */
  async function rowsOf(db: Db, request: FastifyRequest, action: string, body: BulkInput) {
    if (body.ids) {
      const ids = [...new Set(body.ids)]
      const there =
        action === 'restore'
          ? await restorable(db, request, path, ids)
          : await writes.present(db, request, ids)
      return { ids, there }
    }
    // Deleted records match no filter: an undo names them.
    if (action === 'restore') throw invalidField('ids', 'validation.required')
    const q = request.query as ListQuery
    // The caller's own list: no filter or keyword on a field it may not read picks the rows.
    const read = narrowed(request)
    refuseNarrowed(q, read.fields)
    const rows = await selectFrom(db, read.list.spec, { id: table.id })
      .where(read.list.where(q, writes.scopeOf(request)))
      .orderBy(...read.list.orderBy(q))
      .limit(BULK_LIMIT + 1)
    if (rows.length > BULK_LIMIT) throw new ApiError(422, 'errors.bulk_limit', { limit: BULK_LIMIT })
    const ids = rows.map((row) => row.id as number)
    return { ids, there: new Set(ids) }
  }

  async function routes(app: FastifyInstance, db: Db) {
    const r = app.withTypeProvider<ZodTypeProvider>()
    // A request's slot is taken once its body is read and checked: a client trickling a body in holds a
    // socket of its own, never one of the few slots. It is given back once its answer is made (before it is
    // sent: a client that posts again the moment it reads the answer finds the slot free) or its client is
    // gone, whichever comes first.
    const slots = new WeakMap<FastifyRequest, () => void>()
    const giveBack = async (request: FastifyRequest) => {
      slots.get(request)?.()
      slots.delete(request)
    }
    for (const [action, { permission, run, body }] of Object.entries(runs))
      r.post(
        `/${path}/bulk/${action}`,
        {
          config: routeAccess(spec, permission),
          schema: {
            tags: [path],
            summary: `${action} many of ${path}, row by row`,
            description:
              `The rows: \`{"ids": [...]}\`, or \`{"all": 1}\` for every row the list's filters in the query string ` +
              `match. More than ${BULK_LIMIT} rows: 422, nothing done. Each row is done or refused on its own ` +
              '(with the status and message of a single request), in its own transaction and audit entry. ' +
              'At most BULK_CONCURRENCY bulk requests run at once per process: past it 429 with Retry-After. ' +
              '`versions` gives the version each row was seen at (`{"12": "734"}`): a row changed since is ' +
              'refused 412, nothing written to it.',
            querystring: list.query,
            body: body ?? bulkInput,
            response: { 200: bulkAnswer, ...protectedErrors, 409: errorBody, 429: errorBody },
          },
          preHandler: async (request) => {
            slots.set(request, app.bulkSlots.take())
          },
          onSend: async (request, _reply, payload) => {
            await giveBack(request)
            return payload
          },
          onResponse: giveBack,
          onRequestAbort: giveBack,
        },
        async (request) => {
          const { ids, there } = await rowsOf(db, request, action, request.body)
          if (request.body.versions) checkRowsAgainst(request, request.body.versions)
          const batch = randomUUID()
          const results = new Map<number, BulkRowResult>()
          const refuse = (id: number, error: ApiError) =>
            results.set(id, {
              id,
              result: 'refused',
              status: error.status,
              message: messageOf(request, error),
            })
          const running = ids.filter((id) => there.has(id))
          for (const id of ids) if (!there.has(id)) refuse(id, notFound())
          // Rows go in transactions of CHUNK, each row in a savepoint of its own (its write's transaction,
          // nested): a refused row rolls back alone, and the rows cost no commit each.
          for (let start = 0; start < running.length; start += CHUNK) {
            const saved: [id: number, version: string][] = []
            await db.transaction(async (tx) => {
              for (const id of running.slice(start, start + CHUNK)) {
                try {
                  const version = ((await run(tx, request, id, batch)) as { version?: unknown } | undefined)
                    ?.version
                  results.set(id, { id, result: 'done' })
                  if (typeof version === 'string') saved.push([id, version])
                } catch (error) {
                  if (!(error instanceof ApiError)) throw error
                  refuse(id, error)
                }
              }
            })
            // Told to the pages open on each row once its chunk has committed (a deleted row has none to tell).
            for (const [id, version] of saved) noteSave(request, path, id, version)
          }
          // The undo window of a bulk delete starts when the whole of it is done.
          if (action === 'delete' && running.length > 0) await renewDeletions(db, batch)
          const data = ids.map((id) => results.get(id) as BulkRowResult)
          const done = data.filter((row) => row.result === 'done').length
          return { data, meta: { done, refused: data.length - done } }
        },
      )
  }

  return { routes }
}
