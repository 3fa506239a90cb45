import { actionReason, childOperationsOf, operationsOf } from '@vod/contract'
import { getTableColumns, getTableName, SQL } from 'drizzle-orm'
import { getTableConfig, IndexedColumn, PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { foreignKeyTo } from '../list/source.ts'
import type { ActionRoute, Relation, RelationSpec, Resolved, ResolvedChild, ResourceSpec } from './types.ts'

/**
 * What the tables already say, so declarations need not repeat it: which column of `table` refers to
 * `target` (its one foreign key there), and which constraints make a single column unique.
 */
function referenceTo(table: PgTable, target: PgTable): PgColumn {
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
function uniqueFields(table: PgTable): Record<string, string> {
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

/**
 * The column a wire field is stored in: the one of that SQL name (the wire speaks the database's names), of
 * the first table that has one.
 */
export function columnNamed(tables: readonly PgTable[], field: string): PgColumn | undefined {
  for (const table of tables) {
    const found = Object.values(getTableColumns(table)).find((column) => column.name === field)
    if (found) return found
  }
  return undefined
}

/** Relations with their link columns: named, or the link's foreign keys to `table` and to the target. */
const resolveRelations = (table: PgTable, relations: Record<string, RelationSpec> = {}) =>
  Object.fromEntries(
    Object.entries(relations).map(([name, relation]): [string, Relation] => [
      name,
      {
        ...relation,
        from: relation.from ?? referenceTo(relation.through, table),
        to: relation.to ?? referenceTo(relation.through, relation.target),
      },
    ]),
  )

/**
 * Fills in what a declaration leaves to its contract (path, record, bodies, operations, transitions,
 * children's records, export and import) and to the tables (link columns, parent columns, one-column
 * uniques).
 */
export function resolve(spec: ResourceSpec): Resolved {
  const { contract } = spec
  const declaredChildren = spec.children ?? {}
  for (const name of Object.keys(declaredChildren))
    if (!contract.children?.[name])
      throw new Error(`${contract.path}: child "${name}" is not in the contract.`)
  const children = Object.fromEntries(
    Object.entries(contract.children ?? {}).map(([name, declared]): [string, ResolvedChild] => {
      const child = declaredChildren[name]
      if (!child) throw new Error(`${contract.path}: the contract's child "${name}" has no table declared.`)
      const common = {
        record: declared.record,
        input: declared.input,
        resource: declared.permissions,
        links: declared.links,
        operations: childOperationsOf(declared),
        listContract: declared.list ?? {
          sortable: declared.ordered ? ['id', 'position'] : ['id'],
          defaultSort: declared.ordered ? 'position' : 'id',
        },
      }
      return [
        name,
        child.through
          ? {
              ...child,
              ...common,
              parent: child.parent ?? referenceTo(child.through, spec.table),
              to: child.to ?? referenceTo(child.through, child.target),
            }
          : {
              ...child,
              ...common,
              parent: child.parent ?? referenceTo(child.table, spec.table),
              relations: resolveRelations(child.table, child.relations),
              uniques: { ...uniqueFields(child.table), ...child.uniques },
            },
      ]
    }),
  )
  const actions: Record<string, ActionRoute> = {}
  for (const [name, transition] of Object.entries(contract.actions ?? {}))
    actions[name] = {
      ...transition,
      ...(transition.reason && { body: actionReason }),
      ...(spec.actions?.[name] as ActionRoute | undefined),
    }
  for (const [name, action] of Object.entries(spec.actions ?? {})) actions[name] ??= action as ActionRoute
  if (spec.export && !contract.export)
    throw new Error(`${contract.path}: export columns declared for a contract without an export.`)
  if (spec.import && !contract.import)
    throw new Error(`${contract.path}: import settings declared for a contract without an import.`)
  return {
    ...spec,
    path: contract.path,
    record: contract.record,
    input: contract.input ?? z.object({}),
    update: contract.update,
    operations: operationsOf(contract),
    list: spec.list ?? {},
    relations: resolveRelations(spec.table, spec.relations),
    children,
    actions,
    uniques: { ...uniqueFields(spec.table), ...spec.uniques },
    export: contract.export && { ...contract.export, ...spec.export },
    import: contract.import && {
      path: contract.import.path,
      url: contract.import.url,
      input: contract.import.row,
      ...spec.import,
    },
  }
}

/**
 * Every field an input accepts must be stored: a column of `table` (by its SQL name) or a field the
 * declaration handles itself (`handled`: relations, transforms). Anything else would be dropped without a
 * word on every write, so the declaration is refused at start.
 */
export function assertInputsStored(
  name: string,
  schema: z.ZodObject | undefined,
  table: PgTable,
  handled: (field: string) => boolean = () => false,
): void {
  for (const field of Object.keys(schema?.shape ?? {}))
    if (!columnNamed([table], field) && !handled(field))
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
