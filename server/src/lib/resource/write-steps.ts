import type { SQL } from 'drizzle-orm'
import { and, eq, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { audit } from '../audit.ts'
import { notFound } from '../errors.ts'
import { selectFrom } from '../list/index.ts'
import { columnsByName, wireToRow } from '../wire.ts'
import { databaseRule, foreignKeyFields } from './database-rules.ts'
import { narrowedFields, narrowView } from './field-access.ts'
import { permissionOf } from './permissions.ts'
import { positionsIn } from './positions.ts'
import { resolveKeys, targetOf } from './relations.ts'
import { assertInputsStored, columnKey } from './schema-facts.ts'
import type { AfterWriteContext, Relation, Resolved, WriteContext, WriteHooks } from './types.ts'
import { assertVersion } from './versions.ts'
import { readRecord, type View } from './view.ts'

/**
 * The record an owned child belongs to, named by its routes' `:id` (`/channels/{id}/campaigns/{childId}`).
 * Every write first takes its row lock and passes its rules (`lock`, before `guard`), which also keeps
 * `position` 1..n under concurrent writes: create fills `column` and puts the row last, delete closes the
 * gap. Only the owner's rows are reached; entries go on its trail as `<operation>-<name>` with the child's
 * `id`. A delete keeps nothing for undo: no route restores an owned record by itself.
 */
export interface Owner {
  path: string
  name: string
  column: PgColumn
  position?: PgColumn
  /** The permission that reads the child (a stale write's 412 shows it as it is now to those who hold it). */
  reads: string
  lock(tx: Db, request: FastifyRequest, id: number): Promise<void>
}

/** What the write paths read of a declaration: a resource's, or an owned child's (children.ts). */
export type WriteSpec = Pick<
  Resolved,
  'path' | 'table' | 'relations' | 'uniques' | 'checks' | 'transform' | 'hooks' | 'scope' | 'access' | 'stamp'
> &
  Partial<Pick<Resolved, 'contract' | 'input' | 'update' | 'actions'>> & { owner?: Owner }

/** A relation's wanted set, as the wire named it and as target ids (same order). */
export interface Wanted {
  name: string
  relation: Relation
  keys: unknown[]
  ids: number[]
}

/** What every write path of one resource (or owned child) works with, found once from its declaration. */
export interface Writer {
  spec: WriteSpec
  view: View
  table: WriteSpec['table']
  owner: Owner | undefined
  columns: ReturnType<typeof columnsByName>
  relations: [string, Relation][]
  hooks: WriteHooks
  /** The record's fields; a body's others are secrets (given, never shown). */
  shown: Set<string>
  /** The database's rules as API.md answers them (422 on the field). */
  writeRule: ReturnType<typeof databaseRule>
  /** An ordered owned child's positions among its owner's. */
  positions: ReturnType<typeof positionsIn> | undefined
  /** The field naming a deleted record on the undo list. */
  label: string
}

/** The writer of a declaration; stops the start when an action or an input names what the table lacks. */
export function writerOf(spec: WriteSpec, view: View): Writer {
  const { table, owner } = spec
  const columns = columnsByName(table)
  const relations = Object.entries(spec.relations ?? {})
  const shown = new Set(view.wireKeys)
  const references = Object.assign(
    foreignKeyFields(table),
    ...relations.map(([name, relation]) => foreignKeyFields(relation.through, name)),
  )
  assertDeclared(spec, columns, shown)
  return {
    spec,
    view,
    table,
    owner,
    columns,
    relations,
    hooks: (spec.hooks ?? {}) as WriteHooks,
    shown,
    writeRule: databaseRule({ uniques: spec.uniques, references, checks: spec.checks }),
    positions: owner?.position ? positionsIn(table, owner.position) : undefined,
    label: spec.contract?.label ?? 'name',
  }
}

/** Every field an action moves is a column the record shows; every input field is stored somewhere. */
function assertDeclared(spec: WriteSpec, columns: Writer['columns'], shown: Set<string>) {
  for (const [name, action] of Object.entries(spec.actions ?? {})) {
    const kept = [
      action.field ?? 'status',
      action.remember,
      typeof action.to === 'object' && action.to.recall,
    ]
    for (const field of kept)
      if (action.to !== undefined && field && !(columns.has(field) && shown.has(field)))
        throw new Error(
          `${spec.path}: action "${name}" moves "${field}", which is no column the record shows.`,
        )
  }
  for (const schema of [spec.input, spec.update])
    assertInputsStored(
      spec.path,
      schema,
      spec.table,
      (field) => !!spec.relations[field] || !!spec.transform?.[field],
    )
}

/** An owned record's routes name the owner `:id`, the record itself `:childId`. */
const ownerIdOf = (request: FastifyRequest) => (request.params as { id: number }).id

/** The owner's rows. */
export const ownedBy = (owner: Owner, request: FastifyRequest) => eq(owner.column, ownerIdOf(request))

/** The rows a request may write: the declaration's scope, and an owned child's owner. */
export function scopeOf(w: Writer, request: FastifyRequest): SQL | undefined {
  const scope = typeof w.spec.scope === 'function' ? w.spec.scope(request) : w.spec.scope
  return w.owner ? and(scope, ownedBy(w.owner, request)) : scope
}

/** Column values of a body, transformed fields included, and the secrets it sets (given, never shown). */
export async function prepare(w: Writer, input: Record<string, unknown>) {
  const values = wireToRow(input, w.columns)
  for (const [key, transform] of Object.entries(w.spec.transform ?? {}))
    if (input[key] !== undefined) Object.assign(values, await transform(input[key], input))
  const secrets = Object.keys(input).filter(
    (key) => input[key] !== undefined && !w.shown.has(key) && !w.spec.relations?.[key],
  )
  return { values, secrets }
}

/** The sets a body names, each resolved to target ids (422 on the relation for keys naming nothing). */
export async function wantedSets(w: Writer, tx: Db, input: Record<string, unknown>): Promise<Wanted[]> {
  const sets: Wanted[] = []
  for (const [name, relation] of w.relations) {
    if (input[name] === undefined) continue
    const keys = [...new Set(input[name] as unknown[])]
    const ids = await resolveKeys(tx, targetOf(relation), name, keys, relation.unknown)
    sets.push({ name, relation, keys, ids })
  }
  return sets
}

/** Takes the record's row lock for the rest of the transaction; 404 when it is not there (in scope). */
export async function lockRecord(w: Writer, tx: Db, id: number, scope: SQL | undefined) {
  const [row] = await selectFrom(tx, w.view, { id: w.table.id })
    .where(and(eq(w.table.id, id), scope))
    .for('update', { of: w.table })
  if (!row) throw notFound()
}

/**
 * Which of `ids` are there in the request's scope, in one statement (the rows `lockRecord` would find): a
 * bulk request answers the others 404 without a statement each. Only a hint; each row's write locks it again.
 */
export async function presentIds(
  w: Writer,
  db: Db,
  request: FastifyRequest,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await selectFrom(db, w.view, { id: w.table.id }).where(
    and(sql`${w.table.id} = any(${`{${ids.join(',')}}`}::integer[])`, scopeOf(w, request)),
  )
  return new Set(rows.map((row) => row.id as number))
}

/** How every write starts: the owner's lock, then `guard`. */
export async function start(
  w: Writer,
  tx: Db,
  request: FastifyRequest,
  operation: string,
  id: number | null,
  input: Record<string, unknown>,
) {
  const ctx: WriteContext = { tx, request, operation, id, input, before: null, added: {} }
  await w.owner?.lock(tx, request, ownerIdOf(request))
  await w.hooks.guard?.(ctx)
  return ctx
}

/** Where the record's changes are on the trail (an owned child's on its owner's, finish below). */
const trailOf = (w: Writer, request: FastifyRequest, id: number) =>
  w.owner ? { resource: w.owner.path, recordId: ownerIdOf(request) } : { resource: w.spec.path, recordId: id }

/** Whether the caller may read the record (a write's answers and refusals show it only then). */
const mayRead = (w: Writer, request: FastifyRequest) =>
  w.spec.access !== undefined ||
  request.admin?.permissions.has(w.owner?.reads ?? permissionOf('list', w.spec.path)) === true

/**
 * How a write to an existing record goes on: its row lock (404 outside the scope), the record, and its
 * version checked against the one the write was made from (412, versions.ts).
 */
export async function begin(
  w: Writer,
  tx: Db,
  request: FastifyRequest,
  operation: string,
  id: number,
  input: Record<string, unknown>,
) {
  const ctx = await start(w, tx, request, operation, id, input)
  await lockRecord(w, tx, id, scopeOf(w, request))
  const before = await readRecord(tx, w.view, id)
  if (w.view.version)
    await assertVersion(tx, request, {
      id,
      version: String(before.version),
      record: async () => {
        // The other change is shown as the caller may read it: its hidden fields are not selected.
        const fields = w.spec.contract && !w.owner ? narrowedFields(request, w.spec.path) : undefined
        const record = w.spec.contract?.record
        return fields && record ? readRecord(tx, narrowView(w.view, record, fields), id) : before
      },
      readable: mayRead(w, request),
      trail: trailOf(w, request, id),
    })
  return Object.assign(ctx, { id, before })
}

/** `audited: false` for an action that changed nothing (a role saved with the same holders): no event. */
export async function finish(
  w: Writer,
  ctx: AfterWriteContext,
  action: string,
  changes: Record<string, unknown> | null,
  audited = true,
) {
  await w.hooks.after?.(ctx)
  if (!audited) return
  const { owner } = w
  await audit(
    ctx.tx,
    ctx.request,
    owner
      ? {
          resource: owner.path,
          recordId: ownerIdOf(ctx.request),
          action: `${action}-${owner.name}`,
          changes: { id: ctx.id, ...changes },
        }
      : { resource: w.spec.path, recordId: ctx.id, action, changes },
  )
}

/** An owned record's owner, and its place after the others (the owner is locked). */
export function placed(w: Writer, request: FastifyRequest) {
  const { owner, positions } = w
  return (
    owner && {
      [columnKey(w.table, owner.column)]: ownerIdOf(request),
      ...(positions && { [positions.key]: positions.after(ownedBy(owner, request)) }),
    }
  )
}
