import { UNDO_HOLD_SECONDS, UNDO_SECONDS } from '@vod/contract'
import { and, eq, getTableName, gt, is, lt, type SQL, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import { type Db, queryRows } from '../../db/client.ts'
import * as schema from '../../db/schema/index.ts'
import { deletedRecords, sessions } from '../../db/schema/index.ts'
import { FOREIGN_KEY_VIOLATION, postgresError, UNIQUE_VIOLATION } from '../db-errors.ts'
import { conflict, notFound } from '../errors.ts'
import type { Table } from './types.ts'
import { assertVersion } from './versions.ts'

/**
 * Undo after delete, for every resource (docs/resources.md "Bulk actions and undo"). A delete captures, in
 * its own transaction, the record's row and every row the database would take with it (cascading foreign
 * keys: links, owned children, their children) or unlink from it (SET NULL), as JSON in `deleted_records`; so
 * the delete is whole or not at all, whatever the browser does next. Restoring puts the same rows back (same
 * ids, positions, timestamps) and re-points the unlinked ones. Uploads are never removed by a delete, so the
 * files the rows name are still served. A capture is kept UNDO_SECONDS (plus a grace for the click's way to
 * the server), then purged.
 */

/** A click at the notice's last second still arrives in time. */
const GRACE_SECONDS = 5

/** Rows that must not come back with their owner: a deleted admin's sessions stay ended. */
const notRestored = new Set<PgTable>([sessions, deletedRecords])

interface Edge {
  child: PgTable
  columns: string[]
  parentColumns: string[]
  onDelete: 'cascade' | 'set null'
}

let edges: Map<PgTable, Edge[]> | undefined

/** Every foreign key that a delete follows (cascade) or clears (set null), by the table it points to. */
function edgesTo(table: PgTable): Edge[] {
  if (!edges) {
    edges = new Map()
    for (const value of Object.values(schema)) {
      if (!is(value, PgTable) || notRestored.has(value)) continue
      for (const fk of getTableConfig(value).foreignKeys) {
        if (fk.onDelete !== 'cascade' && fk.onDelete !== 'set null') continue
        const reference = fk.reference()
        const list = edges.get(reference.foreignTable) ?? []
        list.push({
          child: value,
          columns: reference.columns.map((column) => column.name),
          parentColumns: reference.foreignColumns.map((column) => column.name),
          onDelete: fk.onDelete,
        })
        edges.set(reference.foreignTable, list)
      }
    }
  }
  return edges.get(table) ?? []
}

/** One table's captured rows: put back (`restore`), or re-pointed (`relink`: the columns SET NULL cleared). */
interface Captured {
  table: string
  rows: Record<string, unknown>[]
  relink?: string[]
  /** The record's version as it was deleted (the first capture's, the record's own row). */
  version?: string
}

let tablesByName: Map<string, PgTable> | undefined
/** The schema's table of that name (captures name their tables). */
function tableNamed(name: string): PgTable | undefined {
  tablesByName ??= new Map(
    Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => [getTableName(table), table]),
  )
  return tablesByName.get(name)
}

const columnList = (names: readonly string[]) =>
  sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  )

/** The columns written back: all but generated ones (identities are written back with OVERRIDING). */
const writable = (table: PgTable): string[] =>
  getTableConfig(table)
    .columns.filter((column) => !(column as { generated?: unknown }).generated)
    .map((column) => column.name)

const primaryKeyOf = (table: PgTable): string[] => {
  const config = getTableConfig(table)
  const own = config.columns.filter((column) => column.primary).map((column) => column.name)
  return own.length > 0 ? own : (config.primaryKeys[0]?.columns.map((column) => column.name) ?? [])
}

/** The record's rows and everything its delete takes along, parents before children. */
async function capture(tx: Db, table: Table, id: number): Promise<Captured[]> {
  const captured: Captured[] = []
  async function walk(current: PgTable, rowsOf: SQL, depth: number, relink?: string[]) {
    const [row] = await queryRows<{ rows: Record<string, unknown>[] }>(
      tx,
      sql`select coalesce(jsonb_agg(to_jsonb(x)), '[]'::jsonb) as rows from (${rowsOf}) x`,
    )
    const rows = row?.rows ?? []
    if (rows.length === 0) return
    captured.push({ table: getTableName(current), rows, ...(relink ? { relink } : {}) })
    if (relink || depth > 8) return
    for (const edge of edgesTo(current)) {
      const child = sql`select c.* from ${edge.child} c where (${sql.join(
        edge.columns.map((name) => sql`c.${sql.identifier(name)}`),
        sql`, `,
      )}) in (select ${sql.join(
        edge.parentColumns.map((name) => sql`p.${sql.identifier(name)}`),
        sql`, `,
      )} from (${rowsOf}) p)`
      await walk(edge.child, child, depth + 1, edge.onDelete === 'set null' ? edge.columns : undefined)
    }
  }
  await walk(table, sql`select * from ${table} where ${table.id} = ${id}`, 0)
  return captured
}

/** Puts captured rows back: inserted as they were, or their cleared references set again. */
async function putBack(tx: Db, captured: readonly Captured[]) {
  for (const part of captured) {
    const table = tableNamed(part.table)
    if (!table) throw new Error(`deleted_records names the unknown table ${part.table}`)
    const json = JSON.stringify(part.rows)
    const records = sql`jsonb_populate_recordset(null::${table}, ${json}::jsonb)`
    if (part.relink) {
      const key = primaryKeyOf(table)
      await tx.execute(
        sql`update ${table} t set ${sql.join(
          part.relink.map((name) => sql`${sql.identifier(name)} = r.${sql.identifier(name)}`),
          sql`, `,
        )} from ${records} r where ${sql.join(
          key.map((name) => sql`t.${sql.identifier(name)} = r.${sql.identifier(name)}`),
          sql` and `,
        )}`,
      )
      continue
    }
    const columns = columnList(writable(table))
    await tx.execute(
      sql`insert into ${table} (${columns}) overriding system value select ${columns} from ${records}`,
    )
  }
}

/** Drops the captures whose window is over (run with each delete and each look at them). */
async function purgeDeletions(db: Db) {
  await db
    .delete(deletedRecords)
    .where(lt(deletedRecords.expiresAt, sql`now() - make_interval(secs => ${GRACE_SECONDS})`))
}

/** Captures a record about to be deleted, in the delete's transaction. */
export async function keepDeleted(
  tx: Db,
  request: FastifyRequest,
  entry: { resource: string; table: Table; id: number; label: string; batch: string; version?: string },
) {
  await purgeDeletions(tx)
  const rows = await capture(tx, entry.table, entry.id)
  if (rows[0] && entry.version) rows[0].version = entry.version
  const values = {
    batch: entry.batch,
    resource: entry.resource,
    recordId: entry.id,
    label: entry.label.slice(0, 255),
    rows,
    adminId: request.admin?.id ?? null,
    deletedAt: sql`now()`,
    expiresAt: sql`now() + make_interval(secs => ${UNDO_SECONDS})`,
  }
  await tx
    .insert(deletedRecords)
    .values(values)
    .onConflictDoUpdate({ target: [deletedRecords.resource, deletedRecords.recordId], set: values })
}

/** Starts the undo window of a request's deletes again, once all of them are done (a bulk delete). */
export async function renewDeletions(db: Db, batch: string) {
  await db
    .update(deletedRecords)
    .set({ expiresAt: sql`now() + make_interval(secs => ${UNDO_SECONDS})` })
    .where(eq(deletedRecords.batch, batch))
}

/**
 * Sets how long the caller's deletes of one request stay undoable, from now (the notice's window counts only
 * while it is on screen): never past UNDO_HOLD_SECONDS after the delete, and only while they still could be
 * undone. Answers whether there were any.
 */
export async function setUndoWindow(db: Db, adminId: number, batch: string, seconds: number) {
  const rows = await db
    .update(deletedRecords)
    .set({
      expiresAt: sql`least(now() + make_interval(secs => ${seconds}), ${deletedRecords.deletedAt} + make_interval(secs => ${UNDO_HOLD_SECONDS}))`,
    })
    .where(
      and(
        eq(deletedRecords.batch, batch),
        eq(deletedRecords.adminId, adminId),
        gt(deletedRecords.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: deletedRecords.recordId })
  return rows.length > 0
}

/**
 * Which of `ids` the caller could still put back (restoreDeleted's rule), in one statement: a bulk restore
 * answers the others 404 without a statement each.
 */
export async function restorable(
  db: Db,
  request: FastifyRequest,
  resource: string,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: deletedRecords.recordId })
    .from(deletedRecords)
    .where(
      and(
        eq(deletedRecords.resource, resource),
        sql`${deletedRecords.recordId} = any(${`{${ids.join(',')}}`}::integer[])`,
        eq(deletedRecords.adminId, request.admin?.id ?? -1),
        gt(deletedRecords.expiresAt, sql`now() - make_interval(secs => ${GRACE_SECONDS})`),
      ),
    )
  return new Set(rows.map((row) => row.id))
}

/**
 * Puts a deleted record back, in the caller's transaction: only the admin who deleted it, within the window
 * (404 otherwise: nothing to undo). 409 when the rows cannot go back as they were: a record they name was
 * deleted meanwhile, or a new one took a unique value of theirs.
 */
export async function restoreDeleted(tx: Db, request: FastifyRequest, resource: string, id: number) {
  const [kept] = await tx
    .delete(deletedRecords)
    .where(
      and(
        eq(deletedRecords.resource, resource),
        eq(deletedRecords.recordId, id),
        eq(deletedRecords.adminId, request.admin?.id ?? -1),
        gt(deletedRecords.expiresAt, sql`now() - make_interval(secs => ${GRACE_SECONDS})`),
      ),
    )
    .returning({ rows: deletedRecords.rows })
  if (!kept) throw notFound()
  const captured = kept.rows as Captured[]
  // A restore made from another version of the record than the one deleted last (another tab's undo).
  if (captured[0]?.version)
    await assertVersion(tx, request, {
      id,
      version: captured[0].version,
      record: null,
      readable: false,
      trail: { resource, recordId: id },
    })
  try {
    await putBack(tx, captured)
  } catch (error) {
    const code = postgresError(error)?.code
    if (code !== UNIQUE_VIOLATION && code !== FOREIGN_KEY_VIOLATION) throw error
    throw conflict(code === UNIQUE_VIOLATION ? 'errors.restore_taken' : 'errors.restore_missing')
  }
}

/** The caller's deletes that can still be undone, one entry a request and resource (GET /api/deletions). */
export async function pendingDeletions(db: Db, adminId: number) {
  await purgeDeletions(db)
  const rows = await db
    .select({
      batch: deletedRecords.batch,
      resource: deletedRecords.resource,
      ids: sql<number[]>`array_agg(${deletedRecords.recordId} order by ${deletedRecords.recordId})`,
      labels: sql<string[]>`array_agg(${deletedRecords.label} order by ${deletedRecords.recordId})`,
      versions: sql<
        Record<string, string>
      >`coalesce(jsonb_object_agg(${deletedRecords.recordId}, ${deletedRecords.rows} -> 0 ->> 'version')
        filter (where ${deletedRecords.rows} -> 0 ->> 'version' is not null), '{}')`,
      deleted_at: sql<string>`vod_wire(min(${deletedRecords.deletedAt}))`,
      expires_at: sql<string>`vod_wire(max(${deletedRecords.expiresAt}))`,
    })
    .from(deletedRecords)
    .where(and(eq(deletedRecords.adminId, adminId), gt(deletedRecords.expiresAt, sql`now()`)))
    .groupBy(deletedRecords.batch, deletedRecords.resource)
    .orderBy(sql`min(${deletedRecords.deletedAt})`)
  return rows
}
