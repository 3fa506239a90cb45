import { targetName } from '@vod/contract'
import { RESTORED_FROM_HEADER } from '@vod/contract/versions'
import { and, eq, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { idParams } from '../id-param.ts'
import { type defineList, type ListQuery, listResponse, sendList } from '../list/index.ts'
import { wireRecords } from '../list/wire-json.ts'
import { dataOf, errorBody, protectedErrors, recordErrors, searchErrors } from '../responses.ts'
import type { answerSchema } from './answers.ts'
import { type NarrowedFields, refuseNarrowed, refuseWrites } from './field-access.ts'
import { permissionOf, routeAccess } from './permissions.ts'
import { restoredFrom } from './restored-from.ts'
import type { ActionRoute, Resolved, WireRecord } from './types.ts'
import { staleErrors, versionHeaders } from './versions.ts'
import { answerColumns, readRecord, type View } from './view.ts'
import type { Writes } from './write.ts'

/** One resource as its routes work with it: its declaration, how its records are read, listed and written. */
export interface Resource {
  spec: Resolved
  view: View
  answer: ReturnType<typeof answerSchema>
  list: ReturnType<typeof defineList>
  /** The view and list the caller reads through: its roles' field rules applied (field-access.ts). */
  narrowed(request: FastifyRequest | undefined): {
    view: View
    list: ReturnType<typeof defineList>
    fields: NarrowedFields | undefined
  }
  writes: Writes
  /** `/{path}` */
  url: string
  tags: string[]
}

/**
 * A written record as the caller may read it: the write read it whole (its audit entry and hooks need every
 * field), so a caller whose roles narrow fields gets it read again through its own view.
 */
async function answered(db: Db, request: FastifyRequest, res: Resource, record: WireRecord) {
  const { view, fields } = res.narrowed(request)
  if (!fields) return record
  const [narrowed] = await wireRecords<WireRecord>(db, view, answerColumns(view), {
    where: eq(view.table.id, record.id as number),
  })
  return narrowed ?? record
}

/** GET `/{path}`: a page of the records in the caller's scope. */
export function listRoute(app: FastifyInstance, db: Db, res: Resource) {
  const { path } = res.spec
  app.withTypeProvider<ZodTypeProvider>().get(
    res.url,
    {
      config: { ...routeAccess(res.spec, 'list'), fieldRules: path },
      schema: {
        tags: res.tags,
        summary: `List ${path}`,
        querystring: res.list.query,
        response: { 200: listResponse(res.answer), ...protectedErrors, ...searchErrors },
      },
    },
    async (request, reply) => {
      const { list, fields } = res.narrowed(request)
      const q = request.query as ListQuery
      refuseNarrowed(q, fields)
      const page = await list.run(db, q, { where: res.writes.scopeOf(request) })
      return sendList(reply, page)
    },
  )
}

/** GET `/{path}/{view}`: the list of one of the contract's views (the rows `where` names). */
export function viewRoute(app: FastifyInstance, db: Db, res: Resource, view: string, where: SQL) {
  const { path } = res.spec
  app.withTypeProvider<ZodTypeProvider>().get(
    `${res.url}/${view}`,
    {
      config: { ...routeAccess(res.spec, 'list'), fieldRules: path },
      schema: {
        tags: res.tags,
        summary: `List ${path}: ${view}`,
        querystring: res.list.query,
        response: { 200: listResponse(res.answer), ...protectedErrors, ...searchErrors },
      },
    },
    async (request, reply) => {
      const { list, fields } = res.narrowed(request)
      const q = request.query as ListQuery
      refuseNarrowed(q, fields)
      const page = await list.run(db, q, {
        where: and(where, res.writes.scopeOf(request)),
        key: view,
      })
      return sendList(reply, page)
    },
  )
}

/** GET `/{path}/{id}`, behind the list's permission. */
export function showRoute(app: FastifyInstance, db: Db, res: Resource) {
  const { path } = res.spec
  app.withTypeProvider<ZodTypeProvider>().get(
    `${res.url}/:id`,
    {
      config: { ...routeAccess(res.spec, 'list'), fieldRules: path },
      schema: {
        tags: res.tags,
        summary: `Show one of ${path}`,
        params: idParams,
        response: { 200: dataOf(res.answer), ...recordErrors },
      },
    },
    async (request) => ({
      data: await readRecord(db, res.narrowed(request).view, request.params.id, res.writes.scopeOf(request)),
    }),
  )
}

/** POST `/{path}`. */
export function createRoute(app: FastifyInstance, db: Db, res: Resource) {
  const { path } = res.spec
  app.withTypeProvider<ZodTypeProvider>().post(
    res.url,
    {
      config: { ...routeAccess(res.spec, 'create'), fieldRules: path },
      schema: {
        tags: res.tags,
        summary: `Create one of ${path}`,
        body: res.spec.input,
        response: { 201: dataOf(res.answer), ...protectedErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>
      refuseWrites(body, res.narrowed(request).fields)
      const record = await res.writes.create(db, request, body)
      return reply.code(201).send({ data: await answered(db, request, res, record) })
    },
  )
}

/** PUT's headers: the version, and the history entry a restore takes its values from (restored-from.ts). */
const updateHeaders = versionHeaders.extend({
  [RESTORED_FROM_HEADER]: z
    .string()
    .max(20)
    .optional()
    .meta({
      description:
        "The id of an entry of the record's history whose earlier values this write restores: every field " +
        'sent must be one that entry changed (else 422); audited as `restore-values`.',
    }),
})

/**
 * PUT `/{path}/{id}` with the update body (the input, every field optional, unless declared); with
 * X-Restored-From, a restore of earlier values from the record's history, through the same rules.
 */
export function updateRoute(app: FastifyInstance, db: Db, res: Resource, update: z.ZodObject) {
  const { path } = res.spec
  app.withTypeProvider<ZodTypeProvider>().put(
    `${res.url}/:id`,
    {
      config: { ...routeAccess(res.spec, 'edit'), fieldRules: path, saves: path },
      schema: {
        tags: res.tags,
        summary: `Update one of ${path}; fields left out keep their values`,
        params: idParams,
        headers: updateHeaders,
        body: update,
        response: { 200: dataOf(res.answer), ...recordErrors, 409: errorBody, ...staleErrors },
      },
    },
    async (request) => {
      const body = request.body as Record<string, unknown>
      refuseWrites(body, res.narrowed(request).fields)
      const restored = await restoredFrom(db, request, res.spec, request.params.id, body)
      const record = await res.writes.update(db, request, request.params.id, body, restored)
      return { data: await answered(db, request, res, record) }
    },
  )
}

/** DELETE `/{path}/{id}`, kept for undo. */
export function deleteRoute(app: FastifyInstance, db: Db, res: Resource) {
  const { path } = res.spec
  app.withTypeProvider<ZodTypeProvider>().delete(
    `${res.url}/:id`,
    {
      config: { ...routeAccess(res.spec, 'delete') },
      schema: {
        tags: res.tags,
        summary: `Delete one of ${path}`,
        params: idParams,
        headers: versionHeaders,
        response: { 204: z.undefined(), ...recordErrors, 409: errorBody, ...staleErrors },
      },
    },
    async (request, reply) => {
      await res.writes.remove(db, request, request.params.id)
      return reply.code(204).send()
    },
  )
}

/** POST `/{path}/{id}/restore`: the delete undone, behind the delete permission. */
export function restoreRoute(app: FastifyInstance, db: Db, res: Resource) {
  const { path } = res.spec
  app.withTypeProvider<ZodTypeProvider>().post(
    `${res.url}/:id/restore`,
    {
      config: { ...routeAccess(res.spec, 'delete'), fieldRules: path },
      schema: {
        tags: res.tags,
        summary: `Undo the delete of one of ${path}`,
        description:
          'Puts the record back as it was (same id, relations, children), within the undo window and for ' +
          'the admin who deleted it; 404 otherwise. 409 when a record it names is gone or a value of its ' +
          'was taken meanwhile. 412 when If-Match names another version than the one deleted last.',
        params: idParams,
        headers: versionHeaders,
        response: { 200: dataOf(res.answer), ...recordErrors, 409: errorBody, ...staleErrors },
      },
    },
    async (request) => ({
      data: await answered(db, request, res, await res.writes.restore(db, request, request.params.id)),
    }),
  )
}

/** POST `/{path}/{id}/{action}`: a transition or an action's own work. */
export function actionRoute(app: FastifyInstance, db: Db, res: Resource, name: string, action: ActionRoute) {
  const { path } = res.spec
  const { answer } = res
  // A caller who may act but not read gets the id and what the action is about (ActionRoute.answers).
  const shown = ['id', 'version', ...(action.answers ?? [action.field ?? 'status'])].filter(
    (key) => key in answer.shape,
  )
  const narrow = z.object(Object.fromEntries(shown.map((key) => [key, answer.shape[key]])))
  const reads = permissionOf('list', path)
  app.withTypeProvider<ZodTypeProvider>().post(
    `${res.url}/:id/${action.path ?? name}`,
    {
      config: { ...routeAccess(res.spec, action.permission ?? name), saves: path },
      schema: {
        tags: res.tags,
        summary: action.summary ?? `${name} one of ${path}`,
        description:
          action.description ??
          (action.to === undefined
            ? undefined
            : `From ${action.from?.join(' or ')} to ${targetName(action.to)}; 409 from any other state.`),
        params: idParams,
        headers: versionHeaders,
        ...(action.body ? { body: action.body } : {}),
        response: {
          200: dataOf(z.union([answer, narrow])),
          ...recordErrors,
          409: errorBody,
          ...staleErrors,
        },
      },
    },
    async (request) => {
      const acted = await res.writes.act(db, request, request.params.id, name, request.body)
      const record = await answered(db, request, res, acted)
      if (res.spec.access || request.admin?.permissions.has(reads)) return { data: record }
      return { data: Object.fromEntries(shown.map((key) => [key, record[key]])) }
    },
  )
}
