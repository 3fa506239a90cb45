import { recordIds } from '@vod/contract'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { audit } from '../audit.ts'
import { notFound } from '../errors.ts'
import { childParams, idParams } from '../id-param.ts'
import { defineList, type ListQuery, listResponse, selectFrom, sendList } from '../list/index.ts'
import { wireRecords } from '../list/wire-json.ts'
import { dataOf, errorBody, recordErrors } from '../responses.ts'
import { answerSchema } from './answers.ts'
import { contractList } from './contract-list.ts'
import { deleteRule } from './database-rules.ts'
import { defineLinks } from './links.ts'
import { partialInput } from './partial-input.ts'
import { type ChildAction, childPermission } from './permissions.ts'
import { positionsIn } from './positions.ts'
import type { Resolved, WireRecord } from './types.ts'
import { defineView, readRecord } from './view.ts'
import { defineWrites } from './write.ts'

const idsBody = z.object({ ids: recordIds.min(1) })

type Writes = ReturnType<typeof defineWrites>
type Links = ReturnType<typeof defineLinks>

/**
 * The nested routes of one child of a resource (machinery contract, "Children"): a paged list in
 * `position` order, add, change, remove and reorder. Owned children are rows of their own table naming the
 * parent, written by write.ts as a resource scoped to it (`Owner`: their relations, transforms, hooks and
 * database rules); linked children are existing records joined through a link table (links.ts), added with
 * `{"ids": [...]}`. Every change locks the parent row first, so positions stay 1..n under concurrent writes,
 * then passes the child's `check`, and goes on the parent's audit trail.
 */
export function defineChild(
  parent: Resolved,
  name: string,
  child: Resolved['children'][string],
  parentWrites: Pick<Writes, 'lock' | 'scopeOf'>,
) {
  const table = child.through ? child.target : child.table
  const joins = child.through
    ? [{ table: child.through, on: eq(child.to, child.target.id), inner: true }]
    : []
  const view = defineView({
    name: `${parent.path}/${name}`,
    table,
    record: child.record,
    present: child.present,
    relations: child.through ? undefined : child.relations,
    joins,
    alsoFrom: child.through ? [child.through] : [],
  })
  const answer = answerSchema(child.record, table, view.columns)
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
  const positions = child.position && positionsIn(child.through ?? table, child.position)
  const operations = new Set(child.operations)
  const permission = (action: ChildAction) => childPermission(parent.path, child, action)
  const base = `/${parent.path}/:id/${name}`
  const tags = [parent.path]

  async function childrenOf(db: Db, id: number, only?: readonly number[]): Promise<WireRecord[]> {
    return wireRecords<WireRecord>(db, view, view.columns, {
      where: and(ofParent(id), only ? inArray(childId, [...only]) : undefined),
      orderBy: [...(child.position ? [asc(child.position)] : []), asc(childId)],
    })
  }

  /** How every change starts: the parent's row lock (404 outside its scope), then the child's `check`. */
  async function enter(tx: Db, request: FastifyRequest, id: number) {
    await parentWrites.lock(tx, id, parentWrites.scopeOf(request))
    await child.check?.({ tx, request, id })
  }

  /** A change other than an owned child's own write (write.ts does those): entered, then audited. */
  function change<T>(
    db: Db,
    request: FastifyRequest,
    id: number,
    action: string,
    work: (tx: Db) => Promise<{ result: T; changes: Record<string, unknown> | null }>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      await enter(tx, request, id)
      const { result, changes } = await work(tx)
      await audit(tx, request, { resource: parent.path, recordId: id, action: `${action}-${name}`, changes })
      return result
    })
  }

  /** 404 unless the parent is there, in its scope. */
  async function findParent(db: Db, request: FastifyRequest, id: number) {
    const [found] = await selectFrom(
      db,
      { table: parent.table, joins: parent.joins },
      { id: parent.table.id },
    ).where(and(eq(parent.table.id, id), parentWrites.scopeOf(request)))
    if (!found) throw notFound()
  }

  const owned =
    !child.through &&
    defineWrites(
      {
        ...child,
        path: `${parent.path}/${name}`,
        owner: { path: parent.path, name, column: child.parent, position: child.position, lock: enter },
      },
      view,
    )
  const links = child.through && defineLinks(`${parent.path}/${name}`, child, childrenOf)

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
            response: { 200: listResponse(answer), ...recordErrors },
          },
        },
        async (request, reply) => {
          const { id } = request.params
          await findParent(db, request, id)
          const page = await list.run(db, request.query as ListQuery, {
            where: ofParent(id),
            key: String(id),
          })
          return sendList(reply, page)
        },
      )

    // One child by id (an owned child's edit screen loads it), behind the list's permission.
    if (operations.has('list') && operations.has('edit') && owned)
      r.get(
        `${base}/:childId`,
        {
          config: { permission: permission('list') },
          schema: {
            tags,
            summary: `One of the ${name} of one of ${parent.path}`,
            params: childParams,
            response: { 200: dataOf(answer), ...recordErrors },
          },
        },
        async (request) => {
          await findParent(db, request, request.params.id)
          return { data: await readRecord(db, view, request.params.childId, owned.scopeOf(request)) }
        },
      )

    if (operations.has('create') && links)
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
            response: { 201: dataOf(z.array(answer)), ...recordErrors },
          },
        },
        async (request, reply) => {
          const { id } = request.params
          const added = await change(db, request, id, 'add', (tx) => links.add(tx, id, request.body.ids))
          return reply.code(201).send({ data: added })
        },
      )

    if (operations.has('create') && owned && child.input)
      r.post(
        base,
        {
          config: { permission: permission('create') },
          schema: {
            tags,
            summary: `Add one of the ${name} of one of ${parent.path}, after those it has`,
            params: idParams,
            body: child.input,
            response: { 201: dataOf(answer), ...recordErrors },
          },
        },
        async (request, reply) => {
          const created = await owned.create(db, request, request.body as Record<string, unknown>)
          return reply.code(201).send({ data: created })
        },
      )

    if (operations.has('edit') && child.input)
      r.put(
        `${base}/:childId`,
        {
          config: { permission: permission('edit') },
          schema: {
            tags,
            summary: `Update one of the ${name} of one of ${parent.path}`,
            params: childParams,
            body: partialInput(child.input),
            response: { 200: dataOf(answer), ...recordErrors },
          },
        },
        async (request) => {
          const { id, childId } = request.params
          const body = request.body as Record<string, unknown>
          if (owned) return { data: await owned.update(db, request, childId, body) }
          const { update, rule } = links as Links
          return {
            data: await change(db, request, id, 'update', (tx) => update(tx, id, childId, body)).catch(rule),
          }
        },
      )

    if (operations.has('delete'))
      r.delete(
        `${base}/:childId`,
        {
          config: { permission: permission('delete') },
          schema: {
            tags,
            summary: links
              ? `Unlink one of the ${name} of one of ${parent.path}`
              : `Delete one of the ${name} of one of ${parent.path}`,
            params: childParams,
            response: { 204: z.undefined(), ...recordErrors, 409: errorBody },
          },
        },
        async (request, reply) => {
          const { id, childId } = request.params
          if (owned) await owned.remove(db, request, childId)
          else
            await change(db, request, id, 'remove', (tx) => (links as Links).remove(tx, id, childId)).catch(
              deleteRule,
            )
          return reply.code(204).send()
        },
      )

    if (operations.has('reorder') && positions)
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
            response: { 200: dataOf(z.array(answer)), ...recordErrors },
          },
        },
        async (request) => {
          const { id } = request.params
          const { ids } = request.body
          const ordered = await change(db, request, id, 'reorder', async (tx) => {
            await positions.reorder(tx, ofParent(id), childId, ids)
            return { result: await childrenOf(tx, id), changes: { ids } }
          })
          return { data: ordered }
        },
      )
  }

  return { routes }
}
