import { and, asc, count, eq, inArray, type Table } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { audit } from '../audit.ts'
import { notFound } from '../errors.ts'
import { defineList, selectFrom } from '../list/index.ts'
import { wireRecords } from '../list/wire-json.ts'
import { answerSchema } from './answers.ts'
import { contractList } from './contract-list.ts'
import { resourceOfRecord } from './field-access.ts'
import { defineLinks } from './links.ts'
import { narrowing } from './narrowing.ts'
import { type ChildAction, childPermission } from './permissions.ts'
import { positionsIn } from './positions.ts'
import type { Resolved, ResolvedChild, WireRecord } from './types.ts'
import { answerColumns, defineView, type View } from './view.ts'
import { defineWrites, type Writes } from './write.ts'

/** What the parent's writes lend its children: its row lock and its scope. */
export type ParentWrites = Pick<Writes, 'lock' | 'scopeOf'>

/**
 * One child of a resource as its routes (child-routes.ts) work with it: how its records are read and
 * listed, and how they are written: an owned child's by write.ts as a resource scoped to the parent
 * (`owned`), a linked child's by links.ts (`links`).
 */
export interface Nest {
  parent: Resolved
  name: string
  child: ResolvedChild
  parentWrites: ParentWrites
  view: View
  answer: ReturnType<typeof answerSchema>
  list: ReturnType<typeof defineList>
  /**
   * The view and list the caller reads through: a linked child's fields under its resource's field rules
   * (narrowing.ts), the child's own otherwise.
   */
  narrowed: ReturnType<typeof narrowing>
  /** The resource whose field rules narrow it: the linked one's (a block's videos: videos), else its own. */
  rulesOf: string
  /** The child's id: its own table's, or the link's column naming the record. */
  childId: PgColumn
  positions: ReturnType<typeof positionsIn> | undefined
  owned: Writes | undefined
  links: ReturnType<typeof defineLinks> | undefined
  /** `/{parent}/:id/{name}` */
  base: string
  tags: string[]
}

/** A child's nest from its declaration; stops the start when the declaration and the tables disagree. */
export function nestOf(
  parent: Resolved,
  name: string,
  child: ResolvedChild,
  parentWrites: ParentWrites,
): Nest {
  const path = `${parent.path}/${name}`
  // A child showing a resource's own record (a video's photos, listed at /photos too) is read under that
  // resource's rules: found at the first request, when every resource has been declared.
  let found: string | undefined
  const rulesOf = () => {
    found ??= child.links ?? child.resource ?? resourceOfRecord(child.record) ?? path
    return found
  }
  const table = child.through ? child.target : child.table
  const joins = child.through
    ? [{ table: child.through, on: eq(child.to, child.target.id), inner: true }]
    : []
  const view = defineView({
    name: path,
    table,
    record: child.record,
    present: child.present,
    relations: child.through ? undefined : child.relations,
    joins,
    alsoFrom: child.through ? [child.through] : [],
    versioned: !child.through,
  })
  const list = defineList({
    ...contractList(
      path,
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
    columns: answerColumns(view),
  })
  const childId = child.through ? child.to : table.id
  const owned = child.through
    ? undefined
    : defineWrites(
        {
          ...child,
          path,
          owner: {
            path: parent.path,
            name,
            column: child.parent,
            position: child.position,
            reads: childPermission(parent.path, child, 'list'),
            lock: (tx, request, id) => enterParent(child, parentWrites, tx, request, id),
          },
        },
        view,
      )
  const links = child.through
    ? defineLinks(path, child, (db, id, only) => childrenOf({ child, view, childId }, db, id, only))
    : undefined
  return {
    parent,
    name,
    child,
    parentWrites,
    view,
    answer: answerSchema(child.record, table, view.columns, !child.through),
    list,
    narrowed: narrowing(
      {
        get path() {
          return rulesOf()
        },
        record: child.record,
      },
      view,
      list,
    ),
    get rulesOf() {
      return rulesOf()
    },
    childId,
    positions: child.position ? positionsIn(child.through ?? table, child.position) : undefined,
    owned,
    links,
    base: `/${parent.path}/:id/${name}`,
    tags: [parent.path],
  }
}

/** Rows of the parent: the child table's own column, or the link's. */
export const ofParent = (child: ResolvedChild, id: number) => eq(child.parent, id)

/** The permission a child's route needs. */
export const permissionFor = (nest: Nest, action: ChildAction) =>
  childPermission(nest.parent.path, nest.child, action)

/** The parent's children (or `only` those of them), in their order. */
export async function childrenOf(
  nest: Pick<Nest, 'child' | 'view' | 'childId'>,
  db: Db,
  id: number,
  only?: readonly number[],
): Promise<WireRecord[]> {
  const { child, view, childId } = nest
  return wireRecords<WireRecord>(db, view, answerColumns(view), {
    where: and(ofParent(child, id), only ? inArray(childId, [...only]) : undefined),
    orderBy: [...(child.position ? [asc(child.position)] : []), asc(childId)],
  })
}

/** How every change starts: the parent's row lock (404 outside its scope), then the child's `check`. */
async function enterParent(
  child: ResolvedChild,
  parentWrites: ParentWrites,
  tx: Db,
  request: FastifyRequest,
  id: number,
) {
  await parentWrites.lock(tx, id, parentWrites.scopeOf(request))
  await child.check?.({ tx, request, id })
}

/** A change other than an owned child's own write (write.ts does those): entered, then audited. */
export function change<T>(
  nest: Nest,
  db: Db,
  request: FastifyRequest,
  id: number,
  action: string,
  work: (tx: Db) => Promise<{ result: T; changes: Record<string, unknown> | null }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await enterParent(nest.child, nest.parentWrites, tx, request, id)
    const { result, changes } = await work(tx)
    await audit(tx, request, {
      resource: nest.parent.path,
      recordId: id,
      action: `${action}-${nest.name}`,
      changes,
    })
    return result
  })
}

/** 404 unless the parent is there, in its scope. */
export async function findParent(nest: Nest, db: Db, request: FastifyRequest, id: number) {
  const { parent } = nest
  const [found] = await selectFrom(
    db,
    { table: parent.table, joins: parent.joins },
    { id: parent.table.id },
  ).where(and(eq(parent.table.id, id), nest.parentWrites.scopeOf(request)))
  if (!found) throw notFound()
}

/** 404 unless every linked record named is one the caller sees (a linked child's `scope`). */
export async function ensureLinkable(nest: Nest, db: Db, request: FastifyRequest, ids: readonly number[]) {
  const scope = linkedScope(nest, request)
  if (!scope || ids.length === 0 || !nest.child.through) return
  const target = nest.child.target as Table & { id: PgColumn }
  const named = [...new Set(ids)]
  const [seen] = await db
    .select({ count: count() })
    .from(target)
    .where(and(inArray(target.id, named), scope))
  if (Number(seen?.count ?? 0) !== named.length) throw notFound()
}

/** A linked child's records the caller sees, as a condition beside the parent's (none for an owned child). */
export const linkedScope = (nest: Nest, request: FastifyRequest) =>
  nest.child.through ? nest.child.scope?.(request) : undefined
