import { and, eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { type Db, queryText } from '../../db/client.ts'
import { invalidField } from '../errors.ts'
import type { FilterSpec } from '../list/index.ts'
import { textCell } from './csv-cells.ts'
import type { Relation, RelationSpec, Table } from './types.ts'

/**
 * A column named with its table. Drizzle leaves the columns of a one-table query unqualified, which a
 * subquery over other tables would read as its own; the machinery's subqueries name every column this way.
 */
export function qualified(column: PgColumn): SQL {
  const named = sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`
  qualifiedColumns.set(named, column)
  return named
}

/** The column each qualified name stands for: what an expression reads stays known (field-access.ts). */
export const qualifiedColumns = new WeakMap<SQL, PgColumn>()

/** How the wire names a related record: its key column, or the link's own reference to its id. */
const keyOf = (relation: Relation) => qualified(relation.key ?? relation.to)

/**
 * `from link [join target]` of a relation's subqueries, for the record `owner` names (every record's
 * links, for `null`). The target is joined only when something of it is read: the link's foreign key
 * already vouches that it exists.
 */
function linksOf(relation: Relation, owner: SQL | null, readsTarget = false): SQL {
  const join = readsTarget || relation.key || relation.targetWhere
  const target = join
    ? sql` join ${relation.target} on ${qualified(relation.target.id)} = ${qualified(relation.to)}`
    : sql``
  const conditions = [
    ...(owner ? [sql`${qualified(relation.from)} = ${owner}`] : []),
    ...(relation.targetWhere ? [relation.targetWhere] : []),
  ]
  const where = conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``
  return sql`from ${relation.through}${target}${where}`
}

/** The relation's keys on the record, in key order (`tag_ids: [1, 4]`, `permissions: ["list-tags"]`). */
export function presentKeys(relation: Relation, table: Table): SQL {
  const key = keyOf(relation)
  return sql`coalesce((select json_agg(${key} order by ${key}) ${linksOf(relation, qualified(table.id))}), '[]'::json)`
}

/** The related records as objects (`roles: [{id, name}]`). */
export function presentObjects(relation: Relation, table: Table): SQL {
  const shown = relation.present
  if (!shown) throw new Error('presentObjects needs the relation to declare `present`.')
  const fields = sql.join(
    Object.entries(shown.fields).map(([name, column]) => {
      if (!/^[a-z][a-z0-9_]*$/.test(name))
        throw new Error(`Presented field name "${name}" must be snake_case.`)
      return sql`${sql.raw(`'${name}'`)}, ${qualified(column)}`
    }),
    sql`, `,
  )
  const order = sql.join(shown.orderBy.map(qualified), sql`, `)
  return sql`coalesce((select json_agg(json_build_object(${fields}) order by ${order}) ${linksOf(relation, qualified(table.id), true)}), '[]'::json)`
}

type NamedKeys = Record<string, { key: PgColumn; where?: SQL }>

const namesOf = (fields: NamedKeys) =>
  Object.entries(fields).map(([field, { key, where }]) => {
    const name = qualified(key)
    const only = where ? sql` filter (where ${where})` : sql``
    return sql`${textCell(sql`string_agg(${name}, '|' order by ${name})${only}`)} as ${sql.identifier(field)}`
  })

/**
 * The record's related records named by a column of theirs, a text column per field (`genres`, `models`:
 * tags of one type), names in order with `|` between them, as an import reads them, a CSV cell already
 * (neutralised here, where only records with names pay for it); null for none. A LATERAL row of one record,
 * which reads its links alone.
 */
export function keyNames(relation: Relation, table: Table, fields: NamedKeys): SQL {
  return sql`(select ${sql.join(namesOf(fields), sql`, `)} ${linksOf(relation, qualified(table.id), true)})`
}

export const OWNER = 'owner_id'

/**
 * keyNames() of every record at once, `OWNER` naming each, its records in id order (descending or not, as
 * the export's order wants, which then reads both in step). All the fields must name by one key column.
 */
export function groupedKeyNames(relation: Relation, fields: NamedKeys): (descending: boolean) => SQL {
  const named = Object.entries(fields)
  const keys = [...new Set(named.map(([, { key }]) => key))]
  if (keys.length !== 1 || !keys[0])
    throw new Error(`${named.map(([field]) => field).join(', ')}: names of one relation read one key column.`)
  // The links are sorted once, by record and then name, and each field joins its names as they come:
  // PostgreSQL 15 sorted each record's names again for every `string_agg(... order by ...)`, a third of the
  // time a million videos took to export. The subquery's ORDER BY keeps it a step of its own, and the
  // grouping (by record, in the same direction) is a prefix of that order, so the names reach the
  // aggregates in order.
  const flag = (n: number) => sql.identifier(`where_${n}`)
  const flags = named.map(([, { where }], n) => (where ? sql`, ${where} as ${flag(n)}` : sql``))
  const names = named.map(
    ([field, { where }], n) =>
      sql`${textCell(sql`string_agg("name", '|')${where ? sql` filter (where ${flag(n)})` : sql``}`)} as ${sql.identifier(field)}`,
  )
  const links = sql`select ${qualified(relation.from)} as ${sql.identifier(OWNER)}, ${qualified(keys[0])} as "name"${sql.join(flags, sql``)} ${linksOf(relation, null, true)}`
  return (descending) => {
    const direction = descending ? sql` desc` : sql``
    return sql`(select ${sql.identifier(OWNER)}, ${sql.join(names, sql`, `)} from (${links} order by 1${direction}, 2) as "links" group by 1 order by 1${direction})`
  }
}

/** `?tag_id=7`: records holding that key. */
export function relationFilter(relation: Relation, table: Table): FilterSpec {
  return {
    type: (relation.key ?? relation.to).dataType === 'number' ? 'int' : 'string',
    where: (value: unknown) =>
      sql`exists (select 1 ${linksOf(relation, qualified(table.id))} and ${keyOf(relation)} = ${value})`,
  }
}

export interface TargetSpec {
  table: Table
  /** The column the wire names them by; their id unless said. */
  key?: PgColumn
  where?: SQL
}

/** key -> id of the records that `keys` name (those naming nothing are absent), in one query. */
export async function lookupKeys(
  db: Db,
  target: TargetSpec,
  keys: readonly unknown[],
): Promise<Map<unknown, number>> {
  const wanted = [...new Set(keys)]
  if (wanted.length === 0) return new Map()
  const key = target.key ?? target.table.id
  const rows = await db
    .select({ id: target.table.id, key })
    .from(target.table)
    .where(and(inArray(key, wanted), target.where))
  return new Map(rows.map((row) => [row.key, row.id as number]))
}

/**
 * The ids of the records `keys` name, once each, in the order given; 422 on `field` naming the keys that
 * name nothing. The one existence check of every "set of references" on the wire.
 */
export async function resolveKeys(
  db: Db,
  target: TargetSpec,
  field: string,
  keys: readonly unknown[],
  unknown: RelationSpec['unknown'] = 'validation.unknown_ids',
): Promise<number[]> {
  const wanted = [...new Set(keys)]
  const byKey = await lookupKeys(db, target, wanted)
  const missing = wanted.filter((k) => !byKey.has(k))
  if (missing.length > 0) throw invalidField(field, unknown, unknownParams(missing))
  return wanted.map((k) => byKey.get(k) as number)
}

export const unknownParams = (missing: readonly unknown[]) => ({
  ids: missing.slice(0, 10).join(', ').slice(0, 300),
})

/** The target ids a record links to now. */
export async function linkedIds(db: Db, relation: Relation, id: number): Promise<number[]> {
  const rows = await db.select({ id: relation.to }).from(relation.through).where(eq(relation.from, id))
  return rows.map((row) => row.id as number)
}

/** Replaces the record's set: removes what it no longer holds, adds what it gains. */
export async function replaceLinks(
  tx: Db,
  relation: Relation,
  id: number,
  held: readonly number[],
  wanted: readonly number[],
): Promise<void> {
  const removed = held.filter((target) => !wanted.includes(target))
  const added = wanted.filter((target) => !held.includes(target))
  if (removed.length > 0)
    await tx.delete(relation.through).where(and(eq(relation.from, id), inArray(relation.to, removed)))
  if (added.length > 0)
    await insertLinks(
      tx,
      relation,
      added.map((target) => [id, target]),
    )
}

/**
 * Link rows `[record id, target id]`, in one statement of two arrays, whatever their number: an import's
 * batch links thousands, which drizzle would build from an object a value (row-insert.ts says what that cost).
 */
export async function insertLinks(
  tx: Db,
  relation: Relation,
  pairs: readonly (readonly [number, number])[],
): Promise<void> {
  if (pairs.length === 0) return
  const name = pg.escapeIdentifier
  await queryText(
    tx,
    `insert into ${name(getTableName(relation.through))} (${name(relation.from.name)}, ${name(relation.to.name)}) select * from unnest($1::integer[], $2::integer[])`,
    [pairs.map(([owner]) => owner), pairs.map(([, target]) => target)],
  )
}

/** The records a relation may name. */
export const targetOf = (relation: RelationSpec): TargetSpec => ({
  table: relation.target,
  key: relation.key,
  where: relation.targetWhere,
})
