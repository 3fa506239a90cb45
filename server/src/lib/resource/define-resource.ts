import { targetName } from '@vod/contract'
import { and } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { idParams } from '../id-param.ts'
import { defineList, type ListQuery, listResponse, sendList } from '../list/index.ts'
import { dataOf, errorBody, protectedErrors, recordErrors } from '../responses.ts'
import { answerSchema } from './answers.ts'
import { defineBulk } from './bulk.ts'
import { defineChild } from './children.ts'
import { contractList } from './contract-list.ts'
import { defineExport } from './export.ts'
import { defineHistory } from './history.ts'
import { defineImport } from './import.ts'
import { partialInput } from './partial-input.ts'
import { childPermission, permissionOf } from './permissions.ts'
import { relationFilter } from './relations.ts'
import { resolve } from './schema-facts.ts'
import { defineTotals } from './totals.ts'
import type { ResourceSpec, WireRecord } from './types.ts'
import { defineView, readRecord } from './view.ts'
import { defineWrites } from './write.ts'

export type { ResourceSpec } from './types.ts'

/**
 * Every resource's list declared in this process, with what it needs an index for (list-indexes.test.ts
 * holds the migrations to them) and the condition it puts on rows (tests read its plans).
 */
export const declaredLists: {
  path: string
  table: PgTable
  indexed: ReturnType<typeof defineList>['indexed']
  where: ReturnType<typeof defineList>['where']
}[] = []

/**
 * A resource's routes from its declaration: GET list, GET one, POST, PUT (partial), DELETE, each guarded by
 * `<action>-<path>` (list covers show), plus its actions, children, export and import. Database rules
 * answer as API.md wants: a duplicate or a missing reference is 422 on its field, a record others hold 409.
 * Each write, its relations, its hooks and its audit entry share one transaction.
 */
export function defineResource<R extends WireRecord = WireRecord>(declared: ResourceSpec<R>) {
  const spec = resolve(declared as unknown as ResourceSpec)
  const { path, table } = spec
  const view = defineView({ name: path, ...spec })
  // Answers describe what the table may hold (the member site writes it too); inputs keep their rules.
  const answer = answerSchema(spec.record, table, view.columns)
  const relationFilters = Object.fromEntries(
    Object.values(spec.relations).flatMap((relation) =>
      relation.filter ? [[relation.filter, relationFilter(relation, table)]] : [],
    ),
  )
  const list = defineList({
    ...contractList(path, spec.contract.list, spec.record, spec.list, view, relationFilters),
    table,
    joins: spec.joins,
    columns: view.columns,
  })
  declaredLists.push({ path, table, indexed: list.indexed, where: list.where })
  const writes = defineWrites(spec, view)
  const update = spec.update ?? partialInput(spec.input)
  const operations = new Set(spec.operations)
  const children = Object.entries(spec.children).map(([name, child]) =>
    defineChild(spec, name, child, writes),
  )
  const exporter = spec.export && defineExport(spec, view, list, writes.scopeOf)
  const importer = spec.import && defineImport(spec, writes)
  const bulk = defineBulk(spec, list, writes)
  const history = defineHistory(path, view, writes.scopeOf)
  const views = (spec.contract.views ?? []).map((view) => {
    const where = spec.views?.[view]
    if (!where) throw new Error(`${path}: the contract's view "${view}" has no rows declared (views).`)
    return { view, where }
  })
  const totals = spec.contract.list.totals?.length
    ? defineTotals(spec, view, list, writes.scopeOf)
    : undefined
  const tags = [path]
  const url = `/${path}`

  async function resourceRoutes(app: FastifyInstance, options: { db: Db }) {
    const { db } = options
    const r = app.withTypeProvider<ZodTypeProvider>()
    // Before `/:id`, which a path word would otherwise be tried as.
    if (totals) await totals.routes(app, db)

    if (operations.has('list'))
      r.get(
        url,
        {
          config: { permission: permissionOf('list', path) },
          schema: {
            tags,
            summary: `List ${path}`,
            querystring: list.query,
            response: { 200: listResponse(answer), ...protectedErrors },
          },
        },
        async (request, reply) => {
          const page = await list.run(db, request.query as ListQuery, { where: writes.scopeOf(request) })
          return sendList(reply, page)
        },
      )

    for (const { view, where } of views)
      r.get(
        `${url}/${view}`,
        {
          config: { permission: permissionOf('list', path) },
          schema: {
            tags,
            summary: `List ${path}: ${view}`,
            querystring: list.query,
            response: { 200: listResponse(answer), ...protectedErrors },
          },
        },
        async (request, reply) => {
          const page = await list.run(db, request.query as ListQuery, {
            where: and(where, writes.scopeOf(request)),
            key: view,
          })
          return sendList(reply, page)
        },
      )

    if (operations.has('show'))
      r.get(
        `${url}/:id`,
        {
          config: { permission: permissionOf('list', path) },
          schema: {
            tags,
            summary: `Show one of ${path}`,
            params: idParams,
            response: { 200: dataOf(answer), ...recordErrors },
          },
        },
        async (request) => ({ data: await readRecord(db, view, request.params.id, writes.scopeOf(request)) }),
      )

    if (operations.has('create'))
      r.post(
        url,
        {
          config: { permission: permissionOf('create', path) },
          schema: {
            tags,
            summary: `Create one of ${path}`,
            body: spec.input,
            response: { 201: dataOf(answer), ...protectedErrors, 409: errorBody },
          },
        },
        async (request, reply) => {
          const record = await writes.create(db, request, request.body as Record<string, unknown>)
          return reply.code(201).send({ data: record })
        },
      )

    if (operations.has('edit'))
      r.put(
        `${url}/:id`,
        {
          config: { permission: permissionOf('edit', path) },
          schema: {
            tags,
            summary: `Update one of ${path}; fields left out keep their values`,
            params: idParams,
            body: update,
            response: { 200: dataOf(answer), ...recordErrors, 409: errorBody },
          },
        },
        async (request) => ({
          data: await writes.update(db, request, request.params.id, request.body as Record<string, unknown>),
        }),
      )

    if (operations.has('delete'))
      r.delete(
        `${url}/:id`,
        {
          config: { permission: permissionOf('delete', path) },
          schema: {
            tags,
            summary: `Delete one of ${path}`,
            params: idParams,
            response: { 204: z.undefined(), ...recordErrors, 409: errorBody },
          },
        },
        async (request, reply) => {
          await writes.remove(db, request, request.params.id)
          return reply.code(204).send()
        },
      )

    if (operations.has('delete'))
      r.post(
        `${url}/:id/restore`,
        {
          config: { permission: permissionOf('delete', path) },
          schema: {
            tags,
            summary: `Undo the delete of one of ${path}`,
            description:
              'Puts the record back as it was (same id, relations, children), within the undo window and for ' +
              'the admin who deleted it; 404 otherwise. 409 when a record it names is gone or a value of its ' +
              'was taken meanwhile.',
            params: idParams,
            response: { 200: dataOf(answer), ...recordErrors, 409: errorBody },
          },
        },
        async (request) => ({ data: await writes.restore(db, request, request.params.id) }),
      )

    for (const [name, action] of Object.entries(spec.actions)) {
      // A caller who may act but not read gets the id and what the action is about (ActionRoute.answers).
      const shown = ['id', ...(action.answers ?? [action.field ?? 'status'])].filter(
        (key) => key in answer.shape,
      )
      const narrow = z.object(Object.fromEntries(shown.map((key) => [key, answer.shape[key]])))
      const reads = permissionOf('list', path)
      r.post(
        `${url}/:id/${action.path ?? name}`,
        {
          config: { permission: permissionOf(action.permission ?? name, path) },
          schema: {
            tags,
            summary: action.summary ?? `${name} one of ${path}`,
            description:
              action.description ??
              (action.to === undefined
                ? undefined
                : `From ${action.from?.join(' or ')} to ${targetName(action.to)}; 409 from any other state.`),
            params: idParams,
            ...(action.body ? { body: action.body } : {}),
            response: { 200: dataOf(z.union([answer, narrow])), ...recordErrors, 409: errorBody },
          },
        },
        async (request) => {
          const record = await writes.act(db, request, request.params.id, name, request.body)
          if (request.admin?.permissions.has(reads)) return { data: record }
          return { data: Object.fromEntries(shown.map((key) => [key, record[key]])) }
        },
      )
    }

    await bulk.routes(app, db)
    if (history) await history(app, db)
    for (const child of children) await child.routes(app, db)
    if (exporter) await exporter.routes(app, db)
    if (importer) await importer.routes(app, db)
  }

  /** Every permission the routes name (tests add a fixture's to their catalogue from here). */
  const permissions = [
    ...[...operations].map((op) => permissionOf(op === 'show' ? 'list' : op, path)),
    ...Object.entries(spec.actions).map(([name, action]) => permissionOf(action.permission ?? name, path)),
    ...Object.values(spec.children).flatMap((child) =>
      child.operations.map((op) => childPermission(path, child, op === 'reorder' ? 'edit' : op)),
    ),
    ...(spec.export ? [permissionOf('export', path)] : []),
    ...(spec.import ? [permissionOf('batch-create', path)] : []),
    ...(history ? [permissionOf('history', path)] : []),
  ]
  return Object.assign(resourceRoutes, { permissions: [...new Set(permissions)] })
}
