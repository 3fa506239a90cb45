import type { MaskKind, PermissionName } from '@vod/contract'
import type { SearchKind } from '@vod/contract/search'
import { getTableColumns, getTableName, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { KeywordColumn } from '../list/index.ts'
import { hasTrigramIndex, kindOf } from '../list/keyword.ts'
import {
  declaredRecords,
  masksOf,
  type NarrowedFields,
  narrowingKey,
  readable,
  readWhole,
} from '../resource/field-access.ts'
import { permissionOf } from '../resource/permissions.ts'

/** One kind of record the box finds, as the search statement reads it. */
export interface Searchable {
  kind: SearchKind
  /** The list permission of the kind: without it the kind is not searched. */
  permission: PermissionName
  table: PgTable
  id: PgColumn
  label: PgColumn
  detail: PgColumn | null
  /** The parent a child is opened under (a campaign's channel). */
  parent: PgColumn | null
  columns: readonly { kind: 'prefix' | 'contains' | 'phone'; column: PgColumn }[]
  /** The detail's mask, for a caller whose roles grant it masked (field-access.ts). */
  detailMask?: MaskKind
  /** Names the caller's field rules where they narrow the kind (the statement's cache key). */
  narrowing?: string
  /** The list's scope for this caller: the same rows its list shows. */
  scopeOf(request: FastifyRequest): SQL | undefined
}

/**
 * What a resource's module adds to be found by the search box (`GET /api/search`), beside its declaration.
 * Who may find a record and where the rows end are the list's: its list permission, and the very scope
 * its declaration gives (the same function).
 */
export interface SearchDeclaration {
  kind: SearchKind
  table: PgTable & { id: PgColumn }
  /**
   * Searched in any letter case: `{ prefix: column }` from its start, on the `lower(column)
   * text_pattern_ops` index of the list's keyword column of that kind (list-indexes.test.ts holds the lists
   * to it); a plain column anywhere in it, on its trigram index where the table is large (from three
   * characters); `{ phone: column }` by the number's last digits in any formatting, on the list's
   * reversed-digits index (lib/list/keyword.ts).
   */
  columns: readonly KeywordColumn[]
  /** The record field naming a hit: the contract's label (or the child's own). */
  label: string | undefined
  /** A second stored value shown with the label (a member's e-mail). */
  detail?: PgColumn
  scope?: (request: FastifyRequest) => SQL | undefined
  /** A child's parent, which its screens open under. */
  parent?: PgColumn
}

/**
 * Whether a column searched anywhere is read by vod_contains_ids (db/sql/keyword-words.sql, from
 * lib/search/statement.ts), which plans its lookup for the words as it runs: a column with a trigram index,
 * whose table is large. The function reads the whole table, so such a kind has no scope (declareSearch holds
 * to that). Other columns (a few hundred rows) are read by the search statement itself.
 */
export const readByWords = (column: Searchable['columns'][number]) =>
  column.kind === 'contains' && hasTrigramIndex(column.column)

const narrowedKinds = new WeakMap<Searchable, Map<string, Searchable | null>>()

/**
 * The kind as a caller with these field rules of it searches it: never by a column of a field it may not
 * read whole (masked or hidden), its detail masked or left out; not at all when it may not read the label.
 * Columns are the fields of their SQL name, as the wire names them.
 */
export function searchableFor(found: Searchable, fields: NarrowedFields | undefined): Searchable | null {
  if (!fields) return found
  const key = narrowingKey(fields)
  const made = narrowedKinds.get(found) ?? new Map<string, Searchable | null>()
  narrowedKinds.set(found, made)
  const known = made.get(key)
  if (known !== undefined) return known
  const detailRule = found.detail ? (fields[found.detail.name] ?? 'write') : 'write'
  const mask = found.detail && masksOf(declaredRecords.get(found.kind) ?? z.object({}))[found.detail.name]
  const narrowed: Searchable | null = !readable(fields, found.label.name)
    ? null
    : {
        ...found,
        columns: found.columns.filter((column) => readWhole(fields, column.column.name)),
        detail: detailRule === 'none' || (detailRule === 'masked' && !mask) ? null : found.detail,
        ...(detailRule === 'masked' && mask ? { detailMask: mask } : {}),
        narrowing: key,
      }
  made.set(key, narrowed)
  return narrowed
}

/** Every kind declared in this process (the resources' modules declare them as they are imported). */
export const searchables: Searchable[] = []

/** Notes a kind of record for the search box; stops the start when its declaration cannot be searched. */
export function declareSearch(declared: SearchDeclaration): void {
  const { kind, table } = declared
  const label = Object.values(getTableColumns(table)).find((column) => column.name === declared.label)
  if (!label)
    throw new Error(
      `search of ${kind}: its label "${declared.label}" is no column of ${getTableName(table)}.`,
    )
  const columns = declared.columns.map((keyword) => {
    const found = kindOf(keyword)
    if (found.kind === 'domain')
      throw new Error(
        `search of ${kind}: ${found.column.name} is searched by ${found.kind}, which the box does not.`,
      )
    return { kind: found.kind, column: found.column }
  })
  const wholeTable = declared.scope && columns.find(readByWords)
  if (wholeTable)
    throw new Error(
      `search of ${kind}: ${wholeTable.column.name} is read by vod_contains_ids, which reads the whole table; a kind with a scope cannot be.`,
    )
  if (searchables.some((known) => known.kind === kind)) throw new Error(`search of ${kind}: declared twice.`)
  searchables.push({
    kind,
    // A child searched as a kind of its own has list permissions of its own (list-campaigns).
    permission: permissionOf('list', kind),
    table,
    id: table.id,
    label,
    detail: declared.detail ?? null,
    parent: declared.parent ?? null,
    columns,
    scopeOf: declared.scope ?? (() => undefined),
  })
}
