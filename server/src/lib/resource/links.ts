import { and, eq, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { updatedChanges } from '../audit.ts'
import { notFound } from '../errors.ts'
import { columnsByName, wireToRow } from '../wire.ts'
import { databaseRule, foreignKeyFields } from './database-rules.ts'
import { positionsIn } from './positions.ts'
import { resolveKeys } from './relations.ts'
import { assertInputsStored, columnKey } from './schema-facts.ts'
import type { LinkChild, ResolvedChild, WireRecord } from './types.ts'

type Read = (db: Db, id: number, only?: readonly number[]) => Promise<WireRecord[]>

/**
 * The writes of a linked child (a block's videos), rows of its link table: records linked after those the
 * parent holds, a link's own fields changed (the contract's input: how a block shows a video), a link
 * removed. Each runs in a change to the parent's children (children.ts: the parent locked, its trail), and
 * answers its result and the entry's changes; `read` reads the linked records back.
 */
export function defineLinks(name: string, child: Extract<ResolvedChild, LinkChild>, read: Read) {
  const { through, to } = child
  const ofParent = (id: number) => eq(child.parent, id)
  const positions = child.position && positionsIn(through, child.position)
  const columns = columnsByName(through)
  assertInputsStored(name, child.input, through)

  return {
    /** A link naming a record that is not there: 422 on its field. */
    rule: databaseRule({ references: foreignKeyFields(through) }),

    /** Records linked already stay where they are. */
    async add(tx: Db, id: number, keys: readonly number[]) {
      const ids = await resolveKeys(tx, { table: child.target }, 'ids', keys)
      const held = (await tx.select({ id: to }).from(through).where(ofParent(id))).map((row) => row.id)
      const fresh = ids.filter((target) => !held.includes(target))
      if (fresh.length > 0)
        await tx.insert(through).values(
          fresh.map((target, i) => ({
            [columnKey(through, child.parent)]: id,
            [columnKey(through, to)]: target,
            ...(positions && { [positions.key]: positions.after(ofParent(id), i + 1) }),
          })),
        )
      return { result: await read(tx, id, fresh), changes: { ids: fresh } }
    },

    async update(tx: Db, id: number, childId: number, body: Record<string, unknown>) {
      const [before] = await read(tx, id, [childId])
      if (!before) throw notFound()
      const values = wireToRow(body, columns)
      if (Object.keys(values).length > 0)
        await tx
          .update(through)
          .set(values)
          .where(and(eq(to, childId), ofParent(id)))
      const [after] = (await read(tx, id, [childId])) as [WireRecord]
      return { result: after, changes: { id: childId, ...updatedChanges(before, after) } }
    },

    async remove(tx: Db, id: number, childId: number) {
      const link = and(ofParent(id), eq(to, childId)) as SQL
      if (positions) await positions.closeGap(tx, ofParent(id), link)
      const [gone] = await tx.delete(through).where(link).returning({ id: to })
      if (!gone) throw notFound()
      return { result: undefined, changes: { id: childId } }
    },
  }
}
