import { getTableColumns, getTableName, SQL } from 'drizzle-orm'
import { getTableConfig, IndexedColumn, PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { foreignKeyTo } from '../list/source.ts'
import { toCamel } from '../wire.ts'
import type { Resolved, ResourceSpec } from './types.ts'

/**
 * What the tables already say, so declarations need not repeat it: which column of `table` refers to
 * `target` (its one foreign key there), and which constraints make a single column unique.
 */
export function referenceTo(table: PgTable, target: PgTable): PgColumn {
  const found = foreignKeyTo(table, target)
  if (found) return found.reference
  const count = getTableConfig(table).foreignKeys.filter(
    (fk) => fk.reference().foreignTable === target,
  ).length
  throw new Error(
    `${getTableName(table)} has ${count} foreign keys to ${getTableName(target)}; name the column.`,
  )
}

/** The one column a unique index covers, itself or inside one expression (`lower(username)`); else null. */
function indexedColumn(parts: readonly unknown[]): { name: string } | null {
  const [only, ...more] = parts
  if (more.length > 0) return null
  // A plain column of `uniqueIndex().on(t.address)` comes as an IndexedColumn (its SQL name).
  if (only instanceof PgColumn || only instanceof IndexedColumn) return only.name ? { name: only.name } : null
  if (!(only instanceof SQL)) return null
  const columns = only.queryChunks.filter((chunk) => chunk instanceof PgColumn)
  return columns.length === 1 ? (columns[0] as PgColumn) : null
}

/**
 * Unique constraint or index name -> wire field (the column's own name), for those over one column, so a
 * duplicate is a 422 on that field.
 */
export function uniqueFields(table: PgTable): Record<string, string> {
  const config = getTableConfig(table)
  const fields: Record<string, string> = {}
  for (const column of config.columns)
    if (column.isUnique && column.uniqueName) fields[column.uniqueName] = column.name
  for (const unique of config.uniqueConstraints) {
    const [only, ...more] = unique.columns
    if (only && more.length === 0) fields[unique.getName() as string] = only.name
  }
  for (const index of config.indexes) {
    const column = index.config.unique && index.config.name && indexedColumn(index.config.columns)
    if (column) fields[index.config.name as string] = column.name
  }
  return fields
}

/** Fills in what a declaration may leave to the tables: link columns, parent columns, one-column uniques. */
export function resolve(spec: ResourceSpec): Resolved {
  const relations = Object.fromEntries(
    Object.entries(spec.relations ?? {}).map(([name, relation]) => [
      name,
      {
        ...relation,
        from: relation.from ?? referenceTo(relation.through, spec.table),
        to: relation.to ?? referenceTo(relation.through, relation.target),
      },
    ]),
  )
  const children = Object.fromEntries(
    Object.entries(spec.children ?? {}).map(([name, child]) => [
      name,
      child.through
        ? {
            ...child,
            parent: child.parent ?? referenceTo(child.through, spec.table),
            to: child.to ?? referenceTo(child.through, child.target),
          }
        : {
            ...child,
            parent: child.parent ?? referenceTo(child.table, spec.table),
            uniques: { ...uniqueFields(child.table), ...child.uniques },
          },
    ]),
  ) as Resolved['children']
  return { ...spec, relations, children, uniques: { ...uniqueFields(spec.table), ...spec.uniques } }
}

/**
 * Every field an input accepts must be stored: a column of `table` (by its camelCase name) or a field the
 * declaration handles itself (`handled`: relations, transforms). Anything else would be dropped without a
 * word on every write, so the declaration is refused at start.
 */
export function assertInputsStored(
  name: string,
  schema: z.ZodObject | undefined,
  table: PgTable,
  handled: (field: string) => boolean = () => false,
): void {
  const columns = getTableColumns(table)
  for (const field of Object.keys(schema?.shape ?? {}))
    if (!(toCamel(field) in columns) && !handled(field))
      throw new Error(
        `${name}: input field "${field}" is neither a column, a relation nor transformed; it would be lost.`,
      )
}

/** The key drizzle knows a column by in its table, for insert and update values. */
export function columnKey(table: PgTable, column: PgColumn): string {
  const found = Object.entries(getTableColumns(table)).find(([, c]) => c === column)
  if (!found) throw new Error(`Column ${column.name} is not a column of ${getTableName(table)}.`)
  return found[0]
}
