import { randomUUID } from 'node:crypto'
import { type ActionSpec, targetName } from '@vod/contract'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { audit, createdChanges, updatedChanges } from '../audit.ts'
import { conflict, notFound } from '../errors.ts'
import { selectFrom } from '../list/index.ts'
import { sameSet } from '../sets.ts'
import { columnsByName, columnValue, wireToRow } from '../wire.ts'
import { databaseRule, deleteRule, foreignKeyFields } from './database-rules.ts'
import { keepDeleted, restoreDeleted } from './deletions.ts'
import { positionsIn } from './positions.ts'
import { insertLinks, linkedIds, replaceLinks, resolveKeys, targetOf } from './relations.ts'
import { assertInputsStored, columnKey } from './schema-facts.ts'
import type { ActionRoute, AfterWriteContext, Relation, Resolved, WriteContext, WriteHooks } from './types.ts'
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
  lock(tx: Db, request: FastifyRequest, id: number): Promise<void>
}

/** What the write paths read of a declaration: a resource's, or an owned child's (children.ts). */
export type WriteSpec = Pick<
  Resolved,
  'path' | 'table' | 'relations' | 'uniques' | 'checks' | 'transform' | 'hooks' | 'scope'
> &
  Partial<Pick<Resolved, 'contract' | 'input' | 'update' | 'actions'>> & { owner?: Owner }

/** A relation's wanted set, as the wire named it and as target ids (same order). */
interface Wanted {
  name: string
  relation: Relation
  keys: unknown[]
  ids: number[]
}

/**
 * The write paths of one resource (or owned child): create, update, delete and actions. Each runs in one
 * transaction with the resource's hooks, its relations and its audit entry, and answers the database's
 * rules as API.md says.
 */
export function defineWrites(spec: WriteSpec, view: View) {
  const { table, owner } = spec
  const columns = columnsByName(table)
  const relations = Object.entries(spec.relations ?? {})
  const hooks = (spec.hooks ?? {}) as WriteHooks
  const shown = new Set(view.wireKeys)
  const references = Object.assign(
    foreignKeyFields(table),
    ...relations.map(([name, relation]) => foreignKeyFields(relation.through, name)),
  )
  const writeRule = databaseRule({ uniques: spec.uniques, references, checks: spec.checks })
  // An owned record's routes name the owner `:id`, the record itself `:childId`.
  const ownerOf = (request: FastifyRequest) => (request.params as { id: number }).id
  const ownedBy = (request: FastifyRequest) => eq((owner as Owner).column, ownerOf(request))
  const positions = owner?.position && positionsIn(table, owner.position)
  const scopeOf = (request: FastifyRequest): SQL | undefined => {
    const scope = typeof spec.scope === 'function' ? spec.scope(request) : spec.scope
    return owner ? and(scope, ownedBy(request)) : scope
  }

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
  const label = spec.contract?.label ?? 'name'
  for (const schema of [spec.input, spec.update])
    assertInputsStored(
      spec.path,
      schema,
      table,
      (field) => !!spec.relations[field] || !!spec.transform?.[field],
    )

  /** Column values of a body, transformed fields included, and the secrets it sets (given, never shown). */
  async function prepare(input: Record<string, unknown>) {
    const values = wireToRow(input, columns)
    for (const [key, transform] of Object.entries(spec.transform ?? {}))
      if (input[key] !== undefined) Object.assign(values, await transform(input[key], input))
    const secrets = Object.keys(input).filter(
      (key) => input[key] !== undefined && !shown.has(key) && !spec.relations?.[key],
    )
    return { values, secrets }
  }

  async function wantedSets(tx: Db, input: Record<string, unknown>): Promise<Wanted[]> {
    const sets: Wanted[] = []
    for (const [name, relation] of relations) {
      if (input[name] === undefined) continue
      const keys = [...new Set(input[name] as unknown[])]
      const ids = await resolveKeys(tx, targetOf(relation), name, keys, relation.unknown)
      sets.push({ name, relation, keys, ids })
    }
    return sets
  }

  /** Takes the record's row lock for the rest of the transaction; 404 when it is not there (in scope). */
  async function lock(tx: Db, id: number, scope: SQL | undefined) {
    const [row] = await selectFrom(tx, view, { id: table.id })
      .where(and(eq(table.id, id), scope))
      .for('update', { of: table })
    if (!row) throw notFound()
  }

  /**
   * Which of `ids` are there in the request's scope, in one statement (the rows `lock` would find): a bulk
   * request answers the others 404 without a statement each. Only a hint; each row's write locks it again.
   */
  async function present(db: Db, request: FastifyRequest, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set()
    const rows = await selectFrom(db, view, { id: table.id }).where(
      and(sql`${table.id} = any(${`{${ids.join(',')}}`}::integer[])`, scopeOf(request)),
    )
    return new Set(rows.map((row) => row.id as number))
  }

  /** How every write starts: the owner's lock, then `guard`. */
  async function start(
    tx: Db,
    request: FastifyRequest,
    operation: string,
    id: number | null,
    input: Record<string, unknown>,
  ) {
    const ctx: WriteContext = { tx, request, operation, id, input, before: null, added: {} }
    await owner?.lock(tx, request, ownerOf(request))
    await hooks.guard?.(ctx)
    return ctx
  }

  /** How a write to an existing record goes on: its row lock (404 outside the scope), the record. */
  async function begin(
    tx: Db,
    request: FastifyRequest,
    operation: string,
    id: number,
    input: Record<string, unknown>,
  ) {
    const ctx = await start(tx, request, operation, id, input)
    await lock(tx, id, scopeOf(request))
    const before = await readRecord(tx, view, id)
    return Object.assign(ctx, { id, before })
  }

  /** `audited: false` for an action that changed nothing (a role saved with the same holders): no event. */
  async function finish(
    ctx: AfterWriteContext,
    action: string,
    changes: Record<string, unknown> | null,
    audited = true,
  ) {
    await hooks.after?.(ctx)
    if (!audited) return
    await audit(
      ctx.tx,
      ctx.request,
      owner
        ? {
            resource: owner.path,
            recordId: ownerOf(ctx.request),
            action: `${action}-${owner.name}`,
            changes: { id: ctx.id, ...changes },
          }
        : { resource: spec.path, recordId: ctx.id, action, changes },
    )
  }

  /** An owned record's owner, and its place after the others (the owner is locked). */
  const placed = (request: FastifyRequest) =>
    owner && {
      [columnKey(table, owner.column)]: ownerOf(request),
      ...(positions && { [positions.key]: positions.after(ownedBy(request)) }),
    }

  async function create(db: Db, request: FastifyRequest, input: Record<string, unknown>) {
    const { values, secrets } = await prepare(input)
    return db
      .transaction(async (tx) => {
        const ctx = await start(tx, request, 'create', null, input)
        const sets = await wantedSets(tx, input)
        for (const set of sets) ctx.added[set.name] = set.keys
        await hooks.check?.(ctx)
        const [row] = await tx
          .insert(table)
          .values({ ...values, ...placed(request) })
          .returning({ id: table.id })
        const id = row?.id as number
        for (const set of sets)
          await insertLinks(
            tx,
            set.relation,
            set.ids.map((target) => [id, target] as const),
          )
        const after = await readRecord(tx, view, id)
        const changed = new Set(Object.keys(input).filter((key) => input[key] !== undefined))
        await finish({ ...ctx, id, after, changed }, 'create', createdChanges(after, secrets))
        return after
      })
      .catch(writeRule)
  }

  async function update(db: Db, request: FastifyRequest, id: number, input: Record<string, unknown>) {
    const { values, secrets } = await prepare(input)
    return db
      .transaction(async (tx) => {
        const ctx = await begin(tx, request, 'update', id, input)
        const { before } = ctx
        const sets = await wantedSets(tx, input)
        const moved: Wanted[] = []
        for (const set of sets) {
          const held = await linkedIds(tx, set.relation, id)
          ctx.added[set.name] = set.keys.filter((_, i) => !held.includes(set.ids[i] as number))
          if (!sameSet(held, set.ids)) moved.push({ ...set, keys: held })
        }
        await hooks.check?.(ctx)
        // A changed set is a change of the record too.
        const updatedAt = columns.get('updated_at')?.key
        if (moved.length > 0 && updatedAt && !(updatedAt in values)) values[updatedAt] = new Date()
        if (Object.keys(values).length > 0) await tx.update(table).set(values).where(eq(table.id, id))
        for (const set of moved) await replaceLinks(tx, set.relation, id, set.keys as number[], set.ids)
        const after = await readRecord(tx, view, id)
        const changes = updatedChanges(before, after, secrets)
        const changed = new Set([...Object.keys(changes ?? {}), ...moved.map((set) => set.name)])
        await finish({ ...ctx, after, changed }, 'update', changes)
        return after
      })
      .catch(writeRule)
  }

  /**
   * Deletes the record and what goes with it, keeping all of it for undo in the same transaction
   * (deletions.ts; not an owned record's); `batch` names the request, whose deletes are undone together.
   */
  async function remove(
    db: Db,
    request: FastifyRequest,
    id: number,
    batch: string = randomUUID(),
  ): Promise<void> {
    await db
      .transaction(async (tx) => {
        const ctx = await begin(tx, request, 'delete', id, {})
        await hooks.check?.(ctx)
        const name = ctx.before[label]
        if (!owner)
          await keepDeleted(tx, request, {
            resource: spec.path,
            table,
            id,
            label: typeof name === 'string' && name ? name : `#${id}`,
            batch,
          })
        if (positions) await positions.closeGap(tx, ownedBy(request), eq(table.id, id))
        await tx.delete(table).where(eq(table.id, id))
        await finish({ ...ctx, after: null, changed: new Set() }, 'delete', createdChanges(ctx.before))
      })
      .catch(deleteRule)
  }

  /** The keys a record's relation holds now, as the wire names them (targets that no longer qualify too). */
  async function heldKeys(tx: Db, relation: Relation, id: number): Promise<unknown[]> {
    const key = relation.key ?? relation.to
    const rows = await tx
      .select({ key })
      .from(relation.through)
      .innerJoin(relation.target, eq(relation.target.id, relation.to))
      .where(eq(relation.from, id))
    return rows.map((row) => row.key)
  }

  /**
   * Puts a deleted record back exactly (deletions.ts) as a create of it, in one transaction: every rule a
   * create runs runs on the record as it comes back, so what a create would refuse a restore refuses (422 or
   * 409 naming the rule) and nothing comes back. `guard` first; then the rows go back (409 when a record they
   * name is gone or a unique value of theirs taken); then each relation's rules on the keys it holds (a target
   * that no longer qualifies is 422 on the relation) and `check`, as on create (operation `create`, no id
   * yet, `before` null), with the record's input fields as the input and every key as added; then the
   * database's rules as on a create (422 on the field), and the audit entry `restore`.
   */
  async function restore(db: Db, request: FastifyRequest, id: number) {
    return db
      .transaction(async (tx) => {
        const ctx = await start(tx, request, 'create', null, {})
        await restoreDeleted(tx, request, spec.path, id)
        const record = await readRecord(tx, view, id)
        const takes = new Set(Object.keys(spec.input?.shape ?? {}))
        for (const [name, value] of Object.entries(record)) if (takes.has(name)) ctx.input[name] = value
        for (const [name, relation] of relations) {
          const keys = await heldKeys(tx, relation, id)
          await resolveKeys(tx, targetOf(relation), name, keys, relation.unknown)
          ctx.added[name] = keys
          if (takes.has(name)) ctx.input[name] = keys
        }
        await hooks.check?.(ctx)
        // Not `after`: its work on a create (a creator's link, a publish time) is in the rows put back.
        const after = await readRecord(tx, view, id)
        await audit(tx, request, {
          resource: spec.path,
          recordId: id,
          action: 'restore',
          changes: createdChanges(after),
        })
        return after
      })
      .catch(writeRule)
  }

  /** The column values a transition writes: its state, and the state it leaves where it remembers it. */
  function transition(route: ActionSpec, before: Record<string, unknown>) {
    const field = route.field ?? 'status'
    const to = typeof route.to === 'string' ? route.to : before[route.to.recall]
    const set = (name: string, value: unknown) => {
      const { key, column } = columns.get(name) as { key: string; column: PgColumn }
      return { [key]: value === null ? null : columnValue(column, value) }
    }
    return {
      ...set(field, to),
      ...(route.remember ? set(route.remember, before[field]) : {}),
      ...(typeof route.to === 'object' ? set(route.to.recall, null) : {}),
    }
  }

  async function act(db: Db, request: FastifyRequest, id: number, name: string, body: unknown) {
    const route = spec.actions?.[name] as ActionRoute
    const field = route.field ?? 'status'
    const input =
      route.to === undefined ? ((body ?? {}) as Record<string, unknown>) : { [field]: targetName(route.to) }
    return db
      .transaction(async (tx) => {
        const ctx = await begin(tx, request, name, id, input)
        const { before } = ctx
        if (route.to !== undefined && !route.from?.includes(String(before[field])))
          throw conflict(route.refused ?? 'errors.action_state', {
            action: name,
            state: String(before[field]),
          })
        await hooks.check?.(ctx)
        if (route.to !== undefined)
          await tx
            .update(table)
            .set(transition(route as ActionSpec, before))
            .where(eq(table.id, id))
        const own = await route.run?.({ ...ctx, before, body })
        const after = await readRecord(tx, view, id)
        const changes = own ?? updatedChanges(before, after)
        await finish(
          { ...ctx, after, changed: new Set(Object.keys(changes ?? {})) },
          name,
          changes,
          changes !== null,
        )
        return after
      })
      .catch(writeRule)
  }

  return { create, update, remove, restore, act, prepare, scopeOf, lock, present }
}
