import { and, getTableName, inArray, is, type SQL, sql } from 'drizzle-orm'
import { PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { notFound } from '../errors.ts'
import type { JoinSpec, LateralJoin } from '../list/index.ts'
import { wireRecords } from '../list/wire-json.ts'
import { presentKeys, presentObjects } from './relations.ts'
import { columnNamed } from './schema-facts.ts'
import type { Expression, FieldKind, Relation, Table, WireRecord } from './types.ts'

/** How the records of one table are read and shown: the select list keyed by wire name, and its source. */
export interface View {
  table: Table
  joins: readonly JoinSpec[]
  lateral: readonly LateralJoin[]
  /** Wire name -> the column or expression it is read from. */
  columns: Record<string, Expression>
  /** What each field is (types.ts). */
  kinds: Record<string, FieldKind>
  wireKeys: readonly string[]
  /**
   * The record's version (contract/src/versions.ts), for a resource's own records: its row's `xmin`, which
   * every write of the row changes, whoever makes it, and which costs no column, trigger or read. Not among
   * `columns`: no export or import has it.
   */
  version?: SQL
}

/** The row's version: the transaction that last wrote it. */
const versionOf = (table: PgTable) => sql`${sql.identifier(getTableName(table))}.xmin::text`

/** What a record answer selects: its fields and, where it has one, its version. */
export const answerColumns = (view: View): Record<string, Expression> =>
  view.version ? { ...view.columns, version: view.version } : view.columns

/**
 * Where each field of the record comes from: a declared expression, a relation's presentation, or the
 * column of that name in `tables` (the first that has it). A field found nowhere stops the start.
 */
export function defineView(options: {
  name: string
  table: Table
  record: z.ZodObject
  joins?: readonly JoinSpec[]
  lateral?: readonly LateralJoin[]
  present?: Record<string, Expression>
  relations?: Record<string, Relation>
  /** Further tables whose columns may be shown by name (a link child's link table). */
  alsoFrom?: readonly PgTable[]
  /** Whether its records carry a version (a resource's own, not a link child's). */
  versioned?: boolean
}): View {
  const columns: Record<string, Expression> = {}
  const kinds: View['kinds'] = {}
  const tables = [options.table, ...(options.alsoFrom ?? [])]
  const relations = Object.entries(options.relations ?? {})
  for (const key of Object.keys(options.record.shape)) {
    const declared = options.present?.[key]
    const keys = relations.find(([name]) => name === key)?.[1]
    const objects = relations.find(([, r]) => r.present?.as === key)?.[1]
    const column = columnNamed(tables, key)
    if (declared) {
      columns[key] = declared
      kinds[key] = is(declared, PgColumn) ? 'column' : 'other'
    } else if (keys) {
      columns[key] = presentKeys(keys, options.table)
      kinds[key] = 'keys'
    } else if (objects) {
      columns[key] = presentObjects(objects, options.table)
      kinds[key] = 'other'
    } else if (column) {
      columns[key] = column
      kinds[key] = 'column'
    } else
      throw new Error(
        `${options.name}: record field "${key}" is neither a column, a relation nor declared in present.`,
      )
  }
  return {
    table: options.table,
    joins: options.joins ?? [],
    lateral: options.lateral ?? [],
    columns,
    kinds,
    wireKeys: Object.keys(columns),
    ...(options.versioned ? { version: versionOf(options.table) } : {}),
  }
}

/** Records by id, as the wire shows them, in the order of `ids` (missing ones left out). */
async function readRecords(db: Db, view: View, ids: readonly number[], scope?: SQL): Promise<WireRecord[]> {
  if (ids.length === 0) return []
  const records = await wireRecords<WireRecord>(db, view, answerColumns(view), {
    where: and(inArray(view.table.id, [...ids]), scope),
  })
  const byId = new Map<unknown, WireRecord>(records.map((record) => [record.id, record]))
  return ids.flatMap((id) => {
    const record = byId.get(id)
    return record ? [record] : []
  })
}

/** One record as the wire shows it; 404 when there is none (in scope). */
export async function readRecord(db: Db, view: View, id: number, scope?: SQL): Promise<WireRecord> {
  const [record] = await readRecords(db, view, [id], scope)
  if (!record) throw notFound()
  return record
}
