import type { PermissionName } from '@vod/contract'
import { eq, getTableColumns } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { audit, createdChanges, updatedChanges } from '../audit.ts'
import { FOREIGN_KEY_VIOLATION, postgresError, UNIQUE_VIOLATION } from '../db-errors.ts'
import { conflict, invalidField, notFound } from '../errors.ts'
import { idParams } from '../id-param.ts'
import { defineList, type ListQuery, type ListSpec, listResponse } from '../list/index.ts'
import { dataOf, errorBody, protectedErrors, recordErrors } from '../responses.ts'
import { rowToWire, wireToRow } from '../wire.ts'

type Table = PgTable & { id: PgColumn }
type Operation = 'list' | 'show' | 'create' | 'edit' | 'delete'

/** All a standard CRUD resource declares; the routes, checks and document follow from it. */
export interface ResourceSpec {
  /** The API path under /api and the resource part of its permission names (`list-tags`, ...). */
  path: string
  table: Table
  /** One record on the wire (snake_case). Only these keys leave the server. */
  record: z.ZodObject
  /** The body of POST; PUT takes the same fields, each optional. */
  input: z.ZodObject
  list: Omit<ListSpec<Record<string, PgColumn>>, 'table' | 'columns'>
  /** Unique constraint name -> the wire field a duplicate is reported on (422 "has already been taken"). */
  uniques?: Record<string, string>
  /** Which routes to offer; all five unless said. */
  operations?: readonly Operation[]
}

/**
 * A resource's routes from its declaration: GET list, GET one, POST, PUT (partial), DELETE, each guarded by
 * `<action>-<path>` (list covers show). Database rules answer as API.md wants: a duplicate is 422 on its
 * field, a record others hold is 409. Each write and its audit-trail entry share one transaction.
 */
export function defineResource(spec: ResourceSpec) {
  const list = defineList({ ...spec.list, table: spec.table, columns: getTableColumns(spec.table) })
  const wireKeys = Object.keys(spec.record.shape)
  const update = spec.input.partial()
  const operations = new Set(spec.operations ?? ['list', 'show', 'create', 'edit', 'delete'])
  const permission = (action: string) => `${action}-${spec.path}` as PermissionName
  const tags = [spec.path]
  const present = (row: Record<string, unknown>) => rowToWire(row, wireKeys)

  function databaseRule(error: unknown): never {
    const pg = postgresError(error)
    const field = pg?.constraint ? spec.uniques?.[pg.constraint] : undefined
    if (pg?.code === UNIQUE_VIOLATION && field) throw invalidField(field, 'validation.unique')
    if (pg?.code === FOREIGN_KEY_VIOLATION) throw conflict('errors.in_use')
    throw error
  }

  return async function resourceRoutes(app: FastifyInstance, options: { db: Db }) {
    const { db } = options
    const r = app.withTypeProvider<ZodTypeProvider>()
    const table = spec.table
    const url = `/${spec.path}`

    if (operations.has('list'))
      r.get(
        url,
        {
          config: { permission: permission('list') },
          schema: {
            tags,
            summary: `List ${spec.path}`,
            querystring: list.query,
            response: { 200: listResponse(spec.record), ...protectedErrors },
          },
        },
        async (request) => {
          const page = await list.run(db, request.query as ListQuery)
          return { data: page.data.map(present), meta: page.meta }
        },
      )

    if (operations.has('show'))
      r.get(
        `${url}/:id`,
        {
          config: { permission: permission('list') },
          schema: {
            tags,
            summary: `Show one of ${spec.path}`,
            params: idParams,
            response: { 200: dataOf(spec.record), ...recordErrors },
          },
        },
        async (request) => {
          const [row] = await db.select().from(table).where(eq(table.id, request.params.id))
          if (!row) throw notFound()
          return { data: present(row) }
        },
      )

    if (operations.has('create'))
      r.post(
        url,
        {
          config: { permission: permission('create') },
          schema: {
            tags,
            summary: `Create one of ${spec.path}`,
            body: spec.input,
            response: { 201: dataOf(spec.record), ...protectedErrors },
          },
        },
        async (request, reply) => {
          const values = wireToRow(request.body as Record<string, unknown>)
          const record = await db
            .transaction(async (tx) => {
              const [row] = await tx.insert(table).values(values).returning()
              if (!row) throw new Error(`insert into ${spec.path} returned no row`)
              const record = present(row)
              await audit(tx, request, {
                resource: spec.path,
                recordId: row.id as number,
                action: 'create',
                changes: createdChanges(record),
              })
              return record
            })
            .catch(databaseRule)
          return reply.code(201).send({ data: record })
        },
      )

    if (operations.has('edit'))
      r.put(
        `${url}/:id`,
        {
          config: { permission: permission('edit') },
          schema: {
            tags,
            summary: `Update one of ${spec.path}; fields left out keep their values`,
            params: idParams,
            body: update,
            response: { 200: dataOf(spec.record), ...recordErrors },
          },
        },
        async (request) => {
          const values = wireToRow(request.body as Record<string, unknown>)
          const where = eq(table.id, request.params.id)
          const record = await db
            .transaction(async (tx) => {
              const [before] = await tx.select().from(table).where(where).for('update')
              if (!before) throw notFound()
              const [row] =
                Object.keys(values).length === 0
                  ? [before]
                  : await tx.update(table).set(values).where(where).returning()
              if (!row) throw notFound()
              const record = present(row)
              await audit(tx, request, {
                resource: spec.path,
                recordId: request.params.id,
                action: 'update',
                changes: updatedChanges(present(before), record),
              })
              return record
            })
            .catch(databaseRule)
          return { data: record }
        },
      )

    if (operations.has('delete'))
      r.delete(
        `${url}/:id`,
        {
          config: { permission: permission('delete') },
          schema: {
            tags,
            summary: `Delete one of ${spec.path}`,
            params: idParams,
            response: { 204: z.undefined(), ...recordErrors, 409: errorBody },
          },
        },
        async (request, reply) => {
          await db
            .transaction(async (tx) => {
              const [row] = await tx.delete(table).where(eq(table.id, request.params.id)).returning()
              if (!row) throw notFound()
              await audit(tx, request, {
                resource: spec.path,
                recordId: request.params.id,
                action: 'delete',
                changes: createdChanges(present(row)),
              })
            })
            .catch(databaseRule)
          return reply.code(204).send()
        },
      )
  }
}
