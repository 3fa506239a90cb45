import { and, gt, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { invalidField } from '../errors.ts'
import { sameSet } from '../sets.ts'
import { columnKey } from './schema-facts.ts'

/**
 * Positions 1..n of the rows `within` one parent (an ordered child's), in `position` of `table`. Callers
 * hold the parent's row lock, so concurrent writes to one parent take turns and never share a number.
 */
export function positionsIn(table: PgTable, position: PgColumn) {
  const key = columnKey(table, position)
  return {
    /** Its key in insert values. */
    key,

    /** The position `n` places after the last (1: right after it), as a value an insert takes. */
    after: (within: SQL, n = 1) =>
      sql`(select coalesce(max(${position}), 0) + ${n} from ${table} where ${within})`,

    /** The rows after `row` move up one: run before it is deleted, while it still says where it was. */
    async closeGap(tx: Db, within: SQL, row: SQL) {
      await tx
        .update(table)
        .set({ [key]: sql`${position} - 1` })
        .where(and(within, gt(position, sql`(select ${position} from ${table} where ${row})`)))
    },

    /** The order of `ids` (of column `id`), which must name every row once; 422 on `ids` otherwise. */
    async reorder(tx: Db, within: SQL, id: PgColumn, ids: readonly number[]) {
      const held = (await tx.select({ id }).from(table).where(within)).map((row) => row.id as number)
      if (ids.length !== held.length || !sameSet(ids, held)) throw invalidField('ids', 'validation.reorder')
      await tx
        .update(table)
        .set({ [key]: sql`array_position(${sql.param(ids)}::integer[], ${id})` })
        .where(within)
    },
  }
}
