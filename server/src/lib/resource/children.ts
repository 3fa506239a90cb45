import { recordIds } from '@vod/contract'
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { audit, createdChanges, updatedChanges } from '../audit.ts'
import { invalidField, notFound } from '../errors.ts'
import { childParams, idParams } from '../id-param.ts'
import { defineList, type ListQuery, listResponse, selectFrom, sendList } from '../list/index.ts'
import { wireRecords } from '../list/wire-json.ts'
import { dataOf, errorBody, recordErrors } from '../responses.ts'
import { sameSet } from '../sets.ts'
import { columnsByName, wireToRow } from '../wire.ts'
import { contractList } from './contract-list.ts'
import { databaseRule, deleteRule, foreignKeyFields } from './database-rules.ts'
import { partialInput } from './partial-input.ts'
import { type ChildAction, childPermission } from './permissions.ts'
import { resolveKeys } from './relations.ts'
import { assertInputsStored, columnKey } from './schema-facts.ts'
import type { Resolved, Table, WireRecord } from './types.ts'
import { defineView } from './view.ts'

const idsBody = z.object({ ids: recordIds.min(1) })

/**
 * The nested routes of one child of a resource (machinery contract, "Children"): a paged list in
 * `position` order, add, change, remove and reorder. Owned children are rows of their own table naming the
 * parent; linked children are existing records joined through a link table, added with `{"ids": [...]}`.
 * Every change locks the parent row, so positions stay 1..n under concurrent writes.
 */
export function defineChild(
  parent: Resolved,
  name: string,
  child: Resolved['children'][string],
  lockParent: (tx: Db, id: number, scope: SQL | undefined) => Promise<void>,
  parentScope: (request: FastifyRequest) => SQL | undefined,
) {
  const table: Table = child.through ? child.target : child.table
  const link = child.through
  const joins = child.through
    ? [{ table: child.through, on: eq(child.to, child.target.id), inner: true }]
    : []
  const view = defineView({
    name: `${parent.path}/${name}`,
    table,
    record: child.record,
    present: child.present,
    joins,
    alsoFrom: link ? [link] : [],
  })
  // An owned child's input is its table's columns; a linked child's, its link's (how the parent shows it).
  assertInputsStored(`${parent.path}/${name}`, child.input, child.through ?? table)
  const position = child.position
  const list = defineList({
    ...contractList(
      `${parent.path}/${name}`,
      child.listContract,
      child.record,
      {
        ...child.list,
        sortable: { ...(child.position ? { position: child.position } : {}), ...child.list?.sortable },
      },
      view,
    ),
    table,
    joins,
    columns: view.columns,
  })
  // Rows of the parent: the child table's own column, or the link's.
  const ofParent = (id: number) => eq(child.parent, id)
  const childId = child.through ? child.to : table.id
  const rowsTable = link ?? table
  const operations = new Set(child.operations)
  const permission = (action: ChildAction) => childPermission(parent.path, child, action)
  const base = `/${parent.path}/:id/${name}`
  const tags = [parent.path]
  const rule = databaseRule({
    uniques: child.through ? undefined : child.uniques,
    checks: child.through ? undefined : child.checks,
    references: foreignKeyFields(rowsTable),
  })

  async function childrenOf(db: Db, id: number, only?: readonly number[]): Promise<WireRecord[]> {
    return wireRecords<WireRecord>(db, view, view.columns, {
      where: and(ofParent(id), only ? inArray(childId, [...only]) : undefined),
      orderBy: [...(position ? [asc(position)] : []), asc(childId)],
    })
  }

  async function nextPosition(tx: Db, id: number): Promise<number> {
    if (!position) return 0
    const [row] = await tx
      .select({ last: sql<number>`coalesce(max(${position}), 0)::integer` })
      .from(rowsTable)
      .where(ofParent(id))
    return (row?.last ?? 0) + 1
  }

  /** Runs a change with the parent locked and its `check` passed, and records it on the parent's audit trail. */
  function change<T>(
    db: Db,
    request: FastifyRequest,
    id: number,
    action: string,
    work: (tx: Db) => Promise<{ result: T; changes: Record<string, unknown> | null }>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      await lockParent(tx, id, parentScope(request))
      await child.check?.({ tx, request, id })
      const { result, changes } = await work(tx)
      await audit(tx, request, { resource: parent.path, recordId: id, action: `${action}-${name}`, changes })
      return result
    })
  }

  async function routes(app: FastifyInstance, db: Db) {
    const r = app.withTypeProvider<ZodTypeProvider>()
    if (operations.has('list'))
      r.get(
        base,
        {
          config: { permission: permission('list') },
          schema: {
            tags,
            summary: `The ${name} of one of ${parent.path}`,
            params: idParams,
            querystring: list.query,
            response: { 200: listResponse(child.record), ...recordErrors },
          },
        },
        async (request, reply) => {
          const { id } = request.params
          const [found] = await selectFrom(
            db,
            { table: parent.table, joins: parent.joins },
            { id: parent.table.id },
          ).where(and(eq(parent.table.id, id), parentScope(request)))
          if (!found) throw notFound()
          const page = await list.run(db, request.query as ListQuery, {
            where: ofParent(id),
            key: String(id),
          })
          return sendList(reply, page)
        },
      )

    // One child by id (an owned child's edit screen loads it), behind the list's permission.
    if (operations.has('list') && operations.has('edit') && !child.through)
      r.get(
        `${base}/:childId`,
        {
          config: { permission: permission('list') },
          schema: {
            tags,
            summary: `One of the ${name} of one of ${parent.path}`,
            params: childParams,
            response: { 200: dataOf(child.record), ...recordErrors },
          },
        },
        async (request) => {
          const { id, childId: cid } = request.params
          const [found] = await selectFrom(
            db,
            { table: parent.table, joins: parent.joins },
            { id: parent.table.id },
          ).where(and(eq(parent.table.id, id), parentScope(request)))
          const [record] = found ? await childrenOf(db, id, [cid]) : []
          if (!record) throw notFound()
          return { data: record }
        },
      )

    if (operations.has('create') && child.through)
      r.post(
        base,
        {
          config: { permission: permission('create') },
          schema: {
            tags,
            summary: `Link records as ${name} of one of ${parent.path}, after those it has`,
            description: 'Records linked already stay where they are. Answers the records added, in order.',
            params: idParams,
            body: idsBody,
            response: { 201: dataOf(z.array(child.record)), ...recordErrors },
          },
        },
        async (request, reply) => {
          const { id } = request.params
          const { through, to } = child
          const added = await change(db, request, id, 'add', async (tx) => {
            const ids = await resolveKeys(tx, { table }, 'ids', request.body.ids)
            const held = (await tx.select({ id: to }).from(through).where(ofParent(id))).map((row) => row.id)
            const fresh = ids.filter((target) => !held.includes(target))
            const first = await nextPosition(tx, id)
            if (fresh.length > 0)
              await tx.insert(through).values(
                fresh.map((target, i) => ({
                  [columnKey(through, child.parent)]: id,
                  [columnKey(through, to)]: target,
                  ...(position ? { [columnKey(through, position)]: first + i } : {}),
                })),
              )
            return { result: await childrenOf(tx, id, fresh), changes: { ids: fresh } }
          })
          return reply.code(201).send({ data: added })
        },
      )

    if (operations.has('create') && !child.through && child.input) {
      const { input } = child
      const columns = columnsByName(table)
      r.post(
        base,
        {
          config: { permission: permission('create') },
          schema: {
            tags,
            summary: `Add one of the ${name} of one of ${parent.path}, after those it has`,
            params: idParams,
            body: input,
            response: { 201: dataOf(child.record), ...recordErrors },
          },
        },
        async (request, reply) => {
          const { id } = request.params
          const created = await change(db, request, id, 'create', async (tx) => {
            const values = {
              ...wireToRow(request.body as Record<string, unknown>, columns),
              [columnKey(table, child.parent)]: id,
              ...(position ? { [columnKey(table, position)]: await nextPosition(tx, id) } : {}),
            }
            const [row] = await tx.insert(table).values(values).returning({ id: table.id })
            const [record] = (await childrenOf(tx, id, [row?.id as number])) as [WireRecord]
            return { result: record, changes: { id: row?.id, ...createdChanges(record) } }
          }).catch(rule)
          return reply.code(201).send({ data: created })
        },
      )
    }

    if (operations.has('edit') && child.input) {
      const body = partialInput(child.input)
      const columns = columnsByName(rowsTable)
      r.put(
        `${base}/:childId`,
        {
          config: { permission: permission('edit') },
          schema: {
            tags,
            summary: `Update one of the ${name} of one of ${parent.path}`,
            params: childParams,
            body,
            response: { 200: dataOf(child.record), ...recordErrors },
          },
        },
        async (request) => {
          const { id, childId: cid } = request.params
          const updated = await change(db, request, id, 'update', async (tx) => {
            const [before] = await childrenOf(tx, id, [cid])
            if (!before) throw notFound()
            const values = wireToRow(request.body as Record<string, unknown>, columns)
            if (Object.keys(values).length > 0)
              await tx
                .update(rowsTable)
                .set(values)
                .where(and(eq(childId, cid), ofParent(id)))
            const [after] = (await childrenOf(tx, id, [cid])) as [WireRecord]
            return { result: after, changes: { id: cid, ...updatedChanges(before, after) } }
          }).catch(rule)
          return { data: updated }
        },
      )
    }

    if (operations.has('delete'))
      r.delete(
        `${base}/:childId`,
        {
          config: { permission: permission('delete') },
          schema: {
            tags,
            summary: child.through
              ? `Unlink one of the ${name} of one of ${parent.path}`
              : `Delete one of the ${name} of one of ${parent.path}`,
            params: childParams,
            response: { 204: z.undefined(), ...recordErrors, 409: errorBody },
          },
        },
        async (request, reply) => {
          const { id, childId: cid } = request.params
          await change(db, request, id, child.through ? 'remove' : 'delete', async (tx) => {
            const [gone] = await tx
              .delete(rowsTable)
              .where(and(ofParent(id), eq(childId, cid)))
              .returning(position ? { position } : { id: childId })
            if (!gone) throw notFound()
            // Positions stay 1..n.
            if (position)
              await tx
                .update(rowsTable)
                .set({ [columnKey(rowsTable, position)]: sql`${position} - 1` })
                .where(and(ofParent(id), gt(position, (gone as { position: number }).position)))
            return { result: undefined, changes: { id: cid } }
          }).catch(deleteRule)
          return reply.code(204).send()
        },
      )

    if (operations.has('reorder') && position)
      r.post(
        `${base}/reorder`,
        {
          config: { permission: permission('edit') },
          schema: {
            tags,
            summary: `Put the ${name} of one of ${parent.path} in a new order`,
            description: '`ids` lists every one of them exactly once, in the new order; answers them in it.',
            params: idParams,
            body: idsBody,
            response: { 200: dataOf(z.array(child.record)), ...recordErrors },
          },
        },
        async (request) => {
          const { id } = request.params
          const { ids } = request.body
          const ordered = await change(db, request, id, 'reorder', async (tx) => {
            const held = (await tx.select({ id: childId }).from(rowsTable).where(ofParent(id))).map(
              (row) => row.id as number,
            )
            if (ids.length !== held.length || !sameSet(ids, held))
              throw invalidField('ids', 'validation.reorder')
            await tx
              .update(rowsTable)
              .set({
                [columnKey(rowsTable, position)]:
                  sql`array_position(${sql.param(ids)}::integer[], ${childId})`,
              })
              .where(ofParent(id))
            return { result: await childrenOf(tx, id), changes: { ids } }
          })
          return { data: ordered }
        },
      )
  }

  return { routes }
}
