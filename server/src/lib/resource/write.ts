import { randomUUID } from 'node:crypto'
import { type ActionSpec, targetName } from '@vod/contract'
import { RESTORE_VALUES_ACTION } from '@vod/contract/versions'
import { eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { audit, createdChanges, updatedChanges } from '../audit.ts'
import { conflict } from '../errors.ts'
import { sameSet } from '../sets.ts'
import { columnValue } from '../wire.ts'
import { deleteRule } from './database-rules.ts'
import { keepDeleted, restoreDeleted } from './deletions.ts'
import { narrowedFields, refuseWrites } from './field-access.ts'
import { insertLinks, linkedIds, replaceLinks, resolveKeys, targetOf } from './relations.ts'
import type { ActionRoute, Relation } from './types.ts'
import type { View } from './view.ts'
import { readRecord } from './view.ts'
import {
  begin,
  finish,
  lockRecord,
  ownedBy,
  placed,
  prepare,
  presentIds,
  scopeOf,
  start,
  type Wanted,
  type Writer,
  type WriteSpec,
  wantedSets,
  writerOf,
} from './write-steps.ts'

export type { Writer, WriteSpec } from './write-steps.ts'

/** POST: the record, its relations' sets, `check` and `after`, and the audit entry `create`. */
async function createRecord(w: Writer, db: Db, request: FastifyRequest, input: Record<string, unknown>) {
  const { table, view, hooks } = w
  const { values, secrets } = await prepare(w, input)
  return db
    .transaction(async (tx) => {
      const ctx = await start(w, tx, request, 'create', null, input)
      const sets = await wantedSets(w, tx, input)
      for (const set of sets) ctx.added[set.name] = set.keys
      await hooks.check?.(ctx)
      const [row] = await tx
        .insert(table)
        .values({ ...values, ...placed(w, request), ...w.spec.stamp?.(request) })
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
      await finish(w, { ...ctx, id, after, changed }, 'create', createdChanges(after, secrets))
      return after
    })
    .catch(w.writeRule)
}

/** A row written with the same values, as a change of its relations writes it: a column set to itself. */
function rewrite(columns: Writer['columns']) {
  for (const { key, column } of columns.values())
    if (!column.primary && !(column as { generated?: unknown }).generated && !column.generatedIdentity)
      return { [key]: sql`${column}` }
  throw new Error('A record with relations needs a column of its own besides its id.')
}

/**
 * What moves a record's version when only its children changed (an order's refunds, a channel's admins):
 * the row written again, its `updated_at` now where it has one, so the answer and the version move together.
 */
function touched(columns: Writer['columns']) {
  const updatedAt = columns.get('updated_at')?.key
  return updatedAt ? { [updatedAt]: new Date() } : rewrite(columns)
}

/** Whether any field of a record's answer but its version differs between two readings of it. */
function answerMoved(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  const { version: _before, ...was } = before
  const { version: _after, ...is } = after
  return JSON.stringify(was) !== JSON.stringify(is)
}

/**
 * PUT: the fields given and the sets that moved (a moved set is a change of the record too). `restoredFrom`,
 * the history entry a restore took its values from (restored-from.ts), changes only how it is audited.
 */
async function updateRecord(
  w: Writer,
  db: Db,
  request: FastifyRequest,
  id: number,
  input: Record<string, unknown>,
  restoredFrom?: number,
) {
  const { table, view, hooks, columns } = w
  const { values, secrets } = await prepare(w, input)
  return db
    .transaction(async (tx) => {
      const ctx = await begin(w, tx, request, 'update', id, input)
      const { before } = ctx
      const sets = await wantedSets(w, tx, input)
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
      // Written even without such a column, so that the record's version moves (versions.ts).
      if (moved.length > 0 && Object.keys(values).length === 0) Object.assign(values, rewrite(columns))
      if (Object.keys(values).length > 0) await tx.update(table).set(values).where(eq(table.id, id))
      for (const set of moved) await replaceLinks(tx, set.relation, id, set.keys as number[], set.ids)
      const after = await readRecord(tx, view, id)
      const changes = updatedChanges(before, after, secrets)
      const changed = new Set([...Object.keys(changes ?? {}), ...moved.map((set) => set.name)])
      if (restoredFrom === undefined) await finish(w, { ...ctx, after, changed }, 'update', changes)
      else
        await finish(w, { ...ctx, after, changed }, RESTORE_VALUES_ACTION, {
          ...changes,
          restored_from: restoredFrom,
        })
      return after
    })
    .catch(w.writeRule)
}

/**
 * DELETE: the record and what goes with it, keeping all of it for undo in the same transaction
 * (deletions.ts; not an owned record's); `batch` names the request, whose deletes are undone together.
 */
async function removeRecord(
  w: Writer,
  db: Db,
  request: FastifyRequest,
  id: number,
  batch: string = randomUUID(),
): Promise<void> {
  const { table, owner, positions, hooks } = w
  await db
    .transaction(async (tx) => {
      const ctx = await begin(w, tx, request, 'delete', id, {})
      await hooks.check?.(ctx)
      const name = ctx.before[w.label]
      if (!owner)
        await keepDeleted(tx, request, {
          resource: w.spec.path,
          table,
          id,
          label: typeof name === 'string' && name ? name : `#${id}`,
          batch,
          version: ctx.before.version as string | undefined,
        })
      if (owner && positions) await positions.closeGap(tx, ownedBy(owner, request), eq(table.id, id))
      await tx.delete(table).where(eq(table.id, id))
      await finish(w, { ...ctx, after: null, changed: new Set() }, 'delete', createdChanges(ctx.before))
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
 * POST restore: puts a deleted record back exactly (deletions.ts) as a create of it, in one transaction:
 * every rule a create runs runs on the record as it comes back, so what a create would refuse a restore
 * refuses (422 or 409 naming the rule) and nothing comes back. `guard` first; then the rows go back (409 when
 * a record they name is gone or a unique value of theirs taken); then each relation's rules on the keys it
 * holds (a target that no longer qualifies is 422 on the relation) and `check`, as on create (operation
 * `create`, no id yet, `before` null), with the record's input fields as the input and every key as added;
 * then the database's rules as on a create (422 on the field), and the audit entry `restore`.
 */
async function restoreRecord(w: Writer, db: Db, request: FastifyRequest, id: number) {
  const { spec, view, hooks } = w
  return db
    .transaction(async (tx) => {
      const ctx = await start(w, tx, request, 'create', null, {})
      await restoreDeleted(tx, request, spec.path, id)
      const record = await readRecord(tx, view, id)
      const takes = new Set(Object.keys(spec.input?.shape ?? {}))
      for (const [name, value] of Object.entries(record)) if (takes.has(name)) ctx.input[name] = value
      for (const [name, relation] of w.relations) {
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
    .catch(w.writeRule)
}

/** The column values a transition writes: its state, and the state it leaves where it remembers it. */
function transition(columns: Writer['columns'], route: ActionSpec, before: Record<string, unknown>) {
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

/** POST an action: a transition from the states it allows (409 from others), its own work, or both. */
async function actOn(w: Writer, db: Db, request: FastifyRequest, id: number, name: string, body: unknown) {
  const { table, view, hooks } = w
  const route = w.spec.actions?.[name] as ActionRoute
  const field = route.field ?? 'status'
  const input =
    route.to === undefined ? ((body ?? {}) as Record<string, unknown>) : { [field]: targetName(route.to) }
  // A transition writes its field: 403 naming it for who may not write it (field rules), single or bulk.
  if (route.to !== undefined && w.spec.contract && !w.owner)
    refuseWrites({ [field]: input[field] }, narrowedFields(request, w.spec.path))
  return db
    .transaction(async (tx) => {
      const ctx = await begin(w, tx, request, name, id, input)
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
          .set(transition(w.columns, route as ActionSpec, before))
          .where(eq(table.id, id))
      const own = await route.run?.({ ...ctx, before, body })
      let after = await readRecord(tx, view, id)
      // An action's own work may write only the record's children: its version moves with its answer, so
      // a write made from the version before (a second refund from the same If-Match) is refused.
      if (after.version === before.version && answerMoved(before, after)) {
        await tx.update(table).set(touched(w.columns)).where(eq(table.id, id))
        after = await readRecord(tx, view, id)
      }
      const diff = own ?? updatedChanges(before, after)
      // The reason an action asked for stays with its entry (ActionSpec.reason).
      const changes = route.reason ? { ...diff, reason: (body as { reason: string }).reason } : diff
      await finish(
        w,
        { ...ctx, after, changed: new Set(Object.keys(changes ?? {})) },
        name,
        changes,
        changes !== null,
      )
      // A record may show the reason its entry keeps (a video's takedown): its answer is read after it.
      return route.reason ? readRecord(tx, view, id) : after
    })
    .catch(w.writeRule)
}

/**
 * The write paths of one resource (or owned child): create, update, delete and actions, each a function
 * above given the writer. Each runs in one transaction with the resource's hooks, its relations and its
 * audit entry, and answers the database's rules as API.md says.
 */
export function defineWrites(spec: WriteSpec, view: View) {
  const w = writerOf(spec, view)
  return {
    create: (db: Db, request: FastifyRequest, input: Record<string, unknown>) =>
      createRecord(w, db, request, input),
    update: (
      db: Db,
      request: FastifyRequest,
      id: number,
      input: Record<string, unknown>,
      restoredFrom?: number,
    ) => updateRecord(w, db, request, id, input, restoredFrom),
    remove: (db: Db, request: FastifyRequest, id: number, batch?: string) =>
      removeRecord(w, db, request, id, batch),
    restore: (db: Db, request: FastifyRequest, id: number) => restoreRecord(w, db, request, id),
    act: (db: Db, request: FastifyRequest, id: number, name: string, body: unknown) =>
      actOn(w, db, request, id, name, body),
    prepare: (input: Record<string, unknown>) => prepare(w, input),
    scopeOf: (request: FastifyRequest) => scopeOf(w, request),
    lock: (tx: Db, id: number, scope: SQL | undefined) => lockRecord(w, tx, id, scope),
    present: (db: Db, request: FastifyRequest, ids: readonly number[]) => presentIds(w, db, request, ids),
  }
}

export type Writes = ReturnType<typeof defineWrites>
