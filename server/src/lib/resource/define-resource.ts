import { historyPermissionOf, isPermissionName } from '@vod/contract'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { scopeChannel } from '../list/channel-rows.ts'
import { defineList } from '../list/index.ts'
import { answerSchema } from './answers.ts'
import { defineBulk } from './bulk.ts'
import { defineChild } from './children.ts'
import { contractList } from './contract-list.ts'
import { defineExport } from './export.ts'
import { declaredLabels, declaredPresent, declaredRecords } from './field-access.ts'
import { defineHistory } from './history.ts'
import { defineImport } from './import.ts'
import { narrowing } from './narrowing.ts'
import { partialInput } from './partial-input.ts'
import { childPermission, permissionOf } from './permissions.ts'
import { relationFilter } from './relations.ts'
import {
  actionRoute,
  createRoute,
  deleteRoute,
  listRoute,
  type Resource,
  restoreRoute,
  showRoute,
  updateRoute,
  viewRoute,
} from './resource-routes.ts'
import { resolve } from './schema-facts.ts'
import { defineTotals } from './totals.ts'
import type { Resolved, ResourceSpec, WireRecord } from './types.ts'
import { answerColumns, defineView } from './view.ts'
import { defineWrites } from './write.ts'

export type { ResourceSpec } from './types.ts'

/**
 * Every resource's list declared in this process, with what it needs an index for (list-indexes.test.ts
 * holds the migrations to them), the condition it puts on rows, the statements of its pages (tests read
 * their plans) and its runner.
 */
export const declaredLists: {
  path: string
  table: PgTable
  indexed: ReturnType<typeof defineList>['indexed']
  where: ReturnType<typeof defineList>['where']
  query: ReturnType<typeof defineList>['query']
  statements: ReturnType<typeof defineList>['statements']
  run: ReturnType<typeof defineList>['run']
  /** The column its scope keeps to the channels of, for a channel-scoped resource. */
  channel: PgColumn | undefined
}[] = []

/**
 * Every resource's write paths by its path, for work that writes a record as its routes do without a request
 * of its own: a change scheduled ahead runs the very action or update staff would (scheduled-changes).
 */
export const declaredWrites = new Map<string, Resource['writes']>()

/** A resolved declaration's view, answer, list and writes (its list noted in `declaredLists`). */
function resourceOf(spec: Resolved): Resource {
  const { path, table } = spec
  const view = defineView({ name: path, ...spec, versioned: true })
  const relationFilters = Object.fromEntries(
    Object.values(spec.relations).flatMap((relation) =>
      relation.filter ? [[relation.filter, relationFilter(relation, table)]] : [],
    ),
  )
  const list = defineList({
    ...contractList(path, spec.contract.list, spec.record, spec.list, view, relationFilters),
    table,
    joins: spec.joins,
    lateral: spec.lateral,
    columns: answerColumns(view),
  })
  const { indexed, where, query, statements, run } = list
  declaredLists.push({
    path,
    table,
    indexed,
    where,
    query,
    statements,
    run,
    channel: scopeChannel(spec.scope),
  })
  return {
    spec,
    view,
    // Answers describe what the table may hold (the member site writes it too); inputs keep their rules.
    answer: answerSchema(spec.record, table, view.columns, true),
    list,
    narrowed: narrowing(spec, view, list, spec.presentFor),
    writes: defineWrites(spec, view),
    url: `/${path}`,
    tags: [path],
  }
}

/** The rows of each of the contract's views, as the declaration names them. */
function viewsOf(spec: Resolved) {
  return (spec.contract.views ?? []).map((view) => {
    const where = spec.views?.[view]
    if (!where) throw new Error(`${spec.path}: the contract's view "${view}" has no rows declared (views).`)
    return { view, where }
  })
}

/** Every permission a resource's routes name (tests add a fixture's to their catalogue from here). */
function permissionsOf(spec: Resolved, history: string | undefined): string[] {
  const { path } = spec
  if (spec.access) return []
  const permissions = [
    ...[...new Set(spec.operations)].map((op) => permissionOf(op === 'show' ? 'list' : op, path)),
    ...Object.entries(spec.actions).map(([name, action]) => permissionOf(action.permission ?? name, path)),
    ...Object.values(spec.children).flatMap((child) =>
      child.operations.map((op) => childPermission(path, child, op === 'reorder' ? 'edit' : op)),
    ),
    ...(spec.export ? [permissionOf('export', path)] : []),
    ...(spec.import ? [permissionOf('batch-create', path)] : []),
    ...(history ? [history] : []),
  ]
  return [...new Set(permissions)]
}

/**
 * A resource's routes from its declaration: GET list, GET one, POST, PUT (partial), DELETE, each guarded by
 * `<action>-<path>` (list covers show), plus its actions, children, export and import; each a route of
 * resource-routes.ts or a part of its own file. Database rules answer as API.md wants: a duplicate or a
 * missing reference is 422 on its field, a record others hold 409. Each write, its relations, its hooks and
 * its audit entry share one transaction.
 */
export function defineResource<R extends WireRecord = WireRecord>(declared: ResourceSpec<R>) {
  const spec = resolve(declared as unknown as ResourceSpec)
  const res = resourceOf(spec)
  const { path } = spec
  declaredRecords.set(path, spec.record)
  declaredLabels.set(path, spec.contract.label ?? 'name')
  declaredWrites.set(path, res.writes)
  declaredPresent.set(path, { table: spec.table, present: presentedOf(spec) })
  const { view, list, writes } = res
  const update = spec.update ?? partialInput(spec.input)
  const operations = new Set(spec.operations)
  const children = Object.entries(spec.children).map(([name, child]) =>
    defineChild(spec, name, child, writes),
  )
  const exporter = spec.export && defineExport(spec, res.narrowed, writes.scopeOf)
  const importer = spec.import && defineImport(spec, writes)
  const bulk = defineBulk(spec, list, writes, res.narrowed)
  // Every resource with an edit has one, and members' and orders' (history-{path}) without.
  const history =
    operations.has('edit') || isPermissionName(permissionOf('history', path))
      ? defineHistory(path, view, writes.scopeOf, spec.historyAlso)
      : undefined
  const views = viewsOf(spec)
  const totals = spec.contract.list.totals?.length
    ? defineTotals(spec, view, list, writes.scopeOf, res.narrowed)
    : undefined

  async function resourceRoutes(app: FastifyInstance, options: { db: Db }) {
    const { db } = options
    // Before `/:id`, which a path word would otherwise be tried as.
    if (totals) await totals.routes(app, db)
    if (operations.has('list')) listRoute(app, db, res)
    for (const { view, where } of views) viewRoute(app, db, res, view, where)
    if (operations.has('show')) showRoute(app, db, res)
    if (operations.has('create')) createRoute(app, db, res)
    if (operations.has('edit')) updateRoute(app, db, res, update)
    if (operations.has('delete')) deleteRoute(app, db, res)
    if (operations.has('delete')) restoreRoute(app, db, res)
    for (const [name, action] of Object.entries(spec.actions)) actionRoute(app, db, res, name, action)
    await bulk.routes(app, db)
    if (history) await history(app, db)
    for (const child of children) await child.routes(app, db)
    if (exporter) await exporter.routes(app, db)
    if (importer) await importer.routes(app, db)
  }

  return Object.assign(resourceRoutes, {
    permissions: permissionsOf(spec, history && historyPermissionOf(path)),
  })
}

/** The record fields a resource shows from elsewhere: its presented expressions and its relations' objects. */
function presentedOf(spec: Resolved) {
  const objects = Object.values(spec.relations).flatMap((relation) =>
    relation.present ? [[relation.present.as, Object.values(relation.present.fields)]] : [],
  )
  return { ...spec.present, ...Object.fromEntries(objects) }
}
