import { recordIds } from '@vod/contract'
import { and } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { childParams, idParams } from '../id-param.ts'
import { type ListQuery, listResponse, sendList } from '../list/index.ts'
import { dataOf, errorBody, recordErrors, searchErrors } from '../responses.ts'
import {
  change,
  childrenOf,
  ensureLinkable,
  findParent,
  linkedScope,
  type Nest,
  ofParent,
  permissionFor,
} from './child-nest.ts'
import { deleteRule } from './database-rules.ts'
import { refuseNarrowed } from './field-access.ts'
import { partialInput } from './partial-input.ts'
import { staleErrors, versionHeaders } from './versions.ts'
import { readRecord } from './view.ts'
import type { Writes } from './write.ts'

const idsBody = z.object({ ids: recordIds.min(1) })

type Links = NonNullable<Nest['links']>

/** GET `/{parent}/{id}/{name}`: a page of the parent's children, in `position` order. */
export function childListRoute(app: FastifyInstance, db: Db, nest: Nest) {
  const { parent, name, list, answer } = nest
  app.withTypeProvider<ZodTypeProvider>().get(
    nest.base,
    {
      config: { permission: permissionFor(nest, 'list'), fieldRules: nest.rulesOf },
      schema: {
        tags: nest.tags,
        summary: `The ${name} of one of ${parent.path}`,
        params: idParams,
        querystring: list.query,
        response: { 200: listResponse(answer), ...recordErrors, ...searchErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      await findParent(nest, db, request, id)
      const { list: read, fields } = nest.narrowed(request)
      const q = request.query as ListQuery
      refuseNarrowed(q, fields)
      const page = await read.run(db, q, {
        where: and(ofParent(nest.child, id), linkedScope(nest, request)),
        key: String(id),
      })
      return sendList(reply, page)
    },
  )
}

/** GET one owned child by id (its edit screen loads it), behind the list's permission. */
export function childShowRoute(app: FastifyInstance, db: Db, nest: Nest, owned: Writes) {
  const { parent, name, answer } = nest
  app.withTypeProvider<ZodTypeProvider>().get(
    `${nest.base}/:childId`,
    {
      config: { permission: permissionFor(nest, 'list'), fieldRules: nest.rulesOf },
      schema: {
        tags: nest.tags,
        summary: `One of the ${name} of one of ${parent.path}`,
        params: childParams,
        response: { 200: dataOf(answer), ...recordErrors },
      },
    },
    async (request) => {
      await findParent(nest, db, request, request.params.id)
      const { view } = nest.narrowed(request)
      return { data: await readRecord(db, view, request.params.childId, owned.scopeOf(request)) }
    },
  )
}

/** POST `{"ids": [...]}`: records linked after those the parent has. */
export function childLinkRoute(app: FastifyInstance, db: Db, nest: Nest, links: Links) {
  const { parent, name, answer } = nest
  app.withTypeProvider<ZodTypeProvider>().post(
    nest.base,
    {
      config: { permission: permissionFor(nest, 'create'), fieldRules: nest.rulesOf },
      schema: {
        tags: nest.tags,
        summary: `Link records as ${name} of one of ${parent.path}, after those it has`,
        description: 'Records linked already stay where they are. Answers the records added, in order.',
        params: idParams,
        body: idsBody,
        response: { 201: dataOf(z.array(answer)), ...recordErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      await ensureLinkable(nest, db, request, request.body.ids)
      const added = await change(nest, db, request, id, 'add', (tx) => links.add(tx, id, request.body.ids))
      // The records linked, as the caller may read them (its field rules of the linked resource).
      const { view, fields } = nest.narrowed(request)
      const ids = added.map((record) => record.id as number)
      return reply.code(201).send({ data: fields ? await childrenOf({ ...nest, view }, db, id, ids) : added })
    },
  )
}

/** POST an owned child's input: one more, after those the parent has. */
export function childCreateRoute(
  app: FastifyInstance,
  db: Db,
  nest: Nest,
  owned: Writes,
  input: NonNullable<Nest['child']['input']>,
) {
  const { parent, name, answer } = nest
  app.withTypeProvider<ZodTypeProvider>().post(
    nest.base,
    {
      config: { permission: permissionFor(nest, 'create'), fieldRules: nest.rulesOf },
      schema: {
        tags: nest.tags,
        summary: `Add one of the ${name} of one of ${parent.path}, after those it has`,
        params: idParams,
        body: input,
        response: { 201: dataOf(answer), ...recordErrors },
      },
    },
    async (request, reply) => {
      const created = await owned.create(db, request, request.body as Record<string, unknown>)
      return reply.code(201).send({ data: created })
    },
  )
}

/** PUT: an owned child's fields, or a link's own fields. */
export function childUpdateRoute(
  app: FastifyInstance,
  db: Db,
  nest: Nest,
  input: NonNullable<Nest['child']['input']>,
) {
  const { parent, name, answer, owned } = nest
  app.withTypeProvider<ZodTypeProvider>().put(
    `${nest.base}/:childId`,
    {
      config: { permission: permissionFor(nest, 'edit'), fieldRules: nest.rulesOf },
      schema: {
        tags: nest.tags,
        summary: `Update one of the ${name} of one of ${parent.path}`,
        params: childParams,
        // An owned child is a record with a version of its own; a link has none.
        ...(owned ? { headers: versionHeaders } : {}),
        body: partialInput(input),
        response: { 200: dataOf(answer), ...recordErrors, ...(owned ? staleErrors : {}) },
      },
    },
    async (request) => {
      const { id, childId } = request.params
      const body = request.body as Record<string, unknown>
      if (owned) return { data: await owned.update(db, request, childId, body) }
      await ensureLinkable(nest, db, request, [childId])
      const { update, rule } = nest.links as Links
      const changed = await change(nest, db, request, id, 'update', (tx) =>
        update(tx, id, childId, body),
      ).catch(rule)
      // The record as the caller may read it (its field rules of the linked resource), as a link answers.
      const { view, fields } = nest.narrowed(request)
      return {
        data: fields ? ((await childrenOf({ ...nest, view }, db, id, [childId]))[0] ?? changed) : changed,
      }
    },
  )
}

/** DELETE: an owned child deleted, or a linked one unlinked. */
export function childDeleteRoute(app: FastifyInstance, db: Db, nest: Nest) {
  const { parent, name, owned, links } = nest
  app.withTypeProvider<ZodTypeProvider>().delete(
    `${nest.base}/:childId`,
    {
      config: { permission: permissionFor(nest, 'delete') },
      schema: {
        tags: nest.tags,
        summary: links
          ? `Unlink one of the ${name} of one of ${parent.path}`
          : `Delete one of the ${name} of one of ${parent.path}`,
        params: childParams,
        ...(owned ? { headers: versionHeaders } : {}),
        response: { 204: z.undefined(), ...recordErrors, 409: errorBody, ...(owned ? staleErrors : {}) },
      },
    },
    async (request, reply) => {
      const { id, childId } = request.params
      if (owned) await owned.remove(db, request, childId)
      else {
        await ensureLinkable(nest, db, request, [childId])
        await change(nest, db, request, id, 'remove', (tx) => (links as Links).remove(tx, id, childId)).catch(
          deleteRule,
        )
      }
      return reply.code(204).send()
    },
  )
}

/** POST `/reorder`: every child once, in the new order; answers them in it. */
export function childReorderRoute(
  app: FastifyInstance,
  db: Db,
  nest: Nest,
  positions: NonNullable<Nest['positions']>,
) {
  const { parent, name, answer, child, childId } = nest
  app.withTypeProvider<ZodTypeProvider>().post(
    `${nest.base}/reorder`,
    {
      config: { permission: permissionFor(nest, 'edit'), fieldRules: nest.rulesOf },
      schema: {
        tags: nest.tags,
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
      await ensureLinkable(nest, db, request, ids)
      const ordered = await change(nest, db, request, id, 'reorder', async (tx) => {
        await positions.reorder(tx, ofParent(child, id), childId, ids)
        // Answered as the caller may read them (the linked resource's field rules).
        return {
          result: await childrenOf({ ...nest, view: nest.narrowed(request).view }, tx, id),
          changes: { ids },
        }
      })
      return { data: ordered }
    },
  )
}
