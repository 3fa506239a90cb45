import {
  carriedFields,
  derivedFields,
  describeField,
  type FieldRule,
  type FieldRules,
  type MaskKind,
  ruleExceeds,
} from '@vod/contract'
import { Column, getTableName, is, SQL, sql, type Table } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { ApiError, invalidField } from '../errors.ts'
import type { KeywordColumn, ListQuery } from '../list/index.ts'
import { kindOf } from '../list/keyword.ts'
import { qualifiedColumns } from './relations.ts'
import type { Expression } from './types.ts'
import type { View } from './view.ts'

/** The fields of one resource a caller's roles narrow (contract/src/field-rules.ts); the rest are `write`. */
export type NarrowedFields = Readonly<Record<string, FieldRule>>

/** A map of the object's own entries that answers no name from Object's prototype (`constructor`, `toString`). */
const prototypeFree = <T>(entries: Record<string, T> | undefined): Record<string, T> =>
  Object.assign(Object.create(null), entries)

/**
 * The caller's narrowed fields of the resource at `path`, as its session read them at this request (so a
 * narrowed role counts at the next request of every session); undefined when it may write every field. A
 * field showing another resource's record by name (an order's `username`, the `shown_as` of its `user_id`)
 * reads no more than the caller reads that resource's label; one computed from others (derivedFields) is
 * hidden unless each of them is read whole.
 */
export function narrowedFields(
  request: FastifyRequest | undefined,
  path: string,
): NarrowedFields | undefined {
  const all = request?.admin?.fieldRules
  if (!all || Object.keys(all).length === 0) return undefined
  const own: Record<string, FieldRule> = prototypeFree(Object.hasOwn(all, path) ? all[path] : undefined)
  for (const [shown, target] of shownByName(path)) {
    const rule = all[target]?.[declaredLabels.get(target) ?? 'name']
    if (rule && ruleExceeds(own[shown] ?? 'write', rule)) own[shown] = rule
  }
  // A field presented from another resource's columns (an order's `channel_name`, a video's `source_name`)
  // shows their values unmasked: read only by who reads each of them whole.
  for (const [shown, sources] of presentedFrom(path))
    if (sources.some(([target, field]) => !readWhole(all[target], field))) own[shown] = 'none'
  // A field computed from others is read only by who reads each of them whole.
  for (const [field, sources] of Object.entries(derivedFields[path] ?? {}))
    if (sources.some((source) => !readWhole(own, source))) own[field] = 'none'
  // A field's value under another key (a mail's recipient) is read only as the field is read whole.
  for (const [key, field] of Object.entries(carriedFields[path] ?? {}))
    if (!readWhole(own, field)) own[key] = 'none'
  return Object.keys(own).length > 0 ? own : undefined
}

/** An answer without the keys that carry a field of `path` the caller does not read whole (carriedFields). */
export function withoutCarried<T extends object>(request: FastifyRequest, path: string, answer: T): T {
  const fields = narrowedFields(request, path)
  const left = Object.entries(answer).filter(
    ([key]) => !(key in (carriedFields[path] ?? {})) || readable(fields, key),
  )
  return Object.fromEntries(left) as T
}

/**
 * narrowedFields of every resource, for what shows several resources' fields at once (the audit log): the
 * same narrowing as each resource's own answers, derived fields and names included.
 */
export function narrowedRules(request: FastifyRequest | undefined): FieldRules {
  const rules: FieldRules = prototypeFree<Record<string, FieldRule>>(undefined)
  for (const path of declaredRecords.keys()) {
    const fields = narrowedFields(request, path)
    if (fields) rules[path] = fields
  }
  return rules
}

const shownNames = new Map<string, [string, string][]>()
/** The record's fields that show another resource's record by name, and that resource's path. */
function shownByName(path: string): [string, string][] {
  const known = shownNames.get(path)
  if (known) return known
  const record = declaredRecords.get(path)
  const found = Object.values(record?.shape ?? {}).flatMap((schema): [string, string][] => {
    const info = describeField(schema as z.ZodType)
    return info.reference && info.shown_as && declaredRecords.has(info.reference)
      ? [[info.shown_as, info.reference]]
      : []
  })
  if (record) shownNames.set(path, found)
  return found
}

/** A short name of one set of narrowed fields, for the caches of views and lists built for it. */
export const narrowingKey = (fields: NarrowedFields): string =>
  JSON.stringify(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)))

/** Read at all (masked or not). */
export const readable = (fields: NarrowedFields | undefined, field: string): boolean =>
  (fields?.[field] ?? 'write') !== 'none'
/** Read as it is: a sort, a range and the keyword may use it (a masked value's order would tell it). */
export const readWhole = (fields: NarrowedFields | undefined, field: string): boolean => {
  const rule = fields?.[field] ?? 'write'
  return rule === 'write' || rule === 'read'
}

/**
 * A field's mask, written in SQL so that the value itself never leaves the database (contract/src/fields.ts
 * MaskKind). Null stays null: each concatenates the value.
 */
export function maskOf(kind: MaskKind, value: Expression): SQL {
  switch (kind) {
    case 'email':
      return sql`left(${value}, 1) || '•••@' || split_part(${value}, '@', 2)`
    case 'phone':
      return sql`'•••• ' || right(regexp_replace(${value}, '[^0-9]', '', 'g'), 4)`
    case 'day':
      // A day column's text and a day stored as text (an audit entry's) alike: YYYY-MM-DD.
      return sql`left(${value}::text, 4) || '-••-••'`
    case 'tail':
      return sql`'•••• ' || right(${value}, 4)`
  }
}

/**
 * Every resource's record by its path, as declared in this process (define-resource.ts fills it): the
 * fields a role's field rules may name, and their masks.
 */
export const declaredRecords = new Map<string, z.ZodObject>()
/** Each resource's label field (the contract's `label`), which names its records in undo notices. */
export const declaredLabels = new Map<string, string>()
/** Each resource's table, and the expressions of its record fields that are not its own columns. */
export const declaredPresent = new Map<
  string,
  { table: Table; present: Record<string, Expression | readonly Column[]> }
>()

/** The resource whose record is `record` itself (a child showing it: a video's photos are `photos`). */
export const resourceOfRecord = (record: z.ZodObject): string | undefined =>
  [...declaredRecords].find(([, declared]) => declared === record)?.[0]

const originalName = Symbol.for('drizzle:OriginalName')
/** The table's name, an alias's original's for an alias (`alias(users, 'owner')`). */
const tableName = (table: Table): string =>
  (table as unknown as Record<symbol, string>)[originalName] ?? getTableName(table)

/** The columns an expression reads, wherever they sit in it. */
function columnsOf(expression: unknown, found: Column[] = []): Column[] {
  const named = is(expression, SQL) ? qualifiedColumns.get(expression) : undefined
  if (named) found.push(named)
  else if (is(expression, Column)) found.push(expression)
  else if (is(expression, SQL)) for (const chunk of expression.queryChunks) columnsOf(chunk, found)
  else if (is(expression, SQL.Aliased)) columnsOf(expression.sql, found)
  else if (Array.isArray(expression)) for (const item of expression) columnsOf(item, found)
  return found
}

const presented = new Map<string, [string, [string, string][]][]>()
/**
 * The record's fields presented from another resource's columns, and which resource's fields each reads:
 * found in the expressions themselves, so a new joined name is narrowed without a list to keep.
 */
function presentedFrom(path: string): [string, [string, string][]][] {
  const known = presented.get(path)
  if (known) return known
  const declared = declaredPresent.get(path)
  if (!declared) return []
  const paths = new Map([...declaredPresent].map(([other, { table }]) => [tableName(table), other]))
  const own = tableName(declared.table)
  const found = Object.entries(declared.present).flatMap(([shown, expression]) => {
    const sources = columnsOf(expression).flatMap((column): [string, string][] => {
      const table = tableName(column.table)
      const target = paths.get(table)
      const fields = target && declaredRecords.get(target)?.shape
      return table !== own && target && fields && column.name in fields ? [[target, column.name]] : []
    })
    return sources.length > 0 ? [[shown, sources] as [string, [string, string][]]] : []
  })
  presented.set(path, found)
  return found
}

/**
 * An audit entry's `changes` (`{field: value}` of a create or delete, `{field: [old, new]}` of an update)
 * as the caller may read them, in SQL: each value of a field it may not read is "hidden", of a masked one its
 * mask; null stays null. `resource` is the entry's resource column; `rules` the caller's, by resource.
 */
export function changesAs(changes: SQL | Expression, resource: Expression, rules: FieldRules): SQL {
  const branches = Object.entries(rules).flatMap(([path, fields]) => {
    const masks = masksOf(declaredRecords.get(path) ?? ({ shape: {} } as z.ZodObject))
    // One pass over the entry's keys, each narrowed field a `when`: the statement grows with the fields named,
    // where rewriting the entry once per field nested it into itself (and crashed PGlite past a few fields).
    const cases = Object.entries(fields).flatMap(([field, rule]) => {
      if (rule === 'write' || rule === 'read') return []
      const mask = rule === 'masked' ? masks[field] : undefined
      const cell = mask ? sql`to_jsonb(${maskOf(mask, sql`(x #>> '{}')`)})` : sql`'"hidden"'::jsonb`
      const shown = sql`case when x = 'null'::jsonb then x else ${cell} end`
      return [
        sql`when ${field}::text then case jsonb_typeof(v) when 'array' then (select coalesce(jsonb_agg(${shown} order by i), '[]'::jsonb) from jsonb_array_elements(v) with ordinality as e(x, i)) else (select ${shown} from (select v as x) as one) end`,
      ]
    })
    if (cases.length === 0) return []
    const narrowed = sql`coalesce((select jsonb_object_agg(k, case k ${sql.join(cases, sql` `)} else v end) from jsonb_each(case jsonb_typeof(${changes}) when 'object' then ${changes} end) as c(k, v)), ${changes})`
    return [sql`when ${resource} = ${path} then ${narrowed}`]
  })
  return branches.length > 0 ? sql`(case ${sql.join(branches, sql` `)} else ${changes} end)` : sql`${changes}`
}

/** The record's fields that declare a mask, and which. */
export function masksOf(record: z.ZodObject): Record<string, MaskKind> {
  // Without a prototype: a rule named `constructor` must find no mask (nor anything else) here.
  return prototypeFree(
    Object.fromEntries(
      Object.entries(record.shape).flatMap(([field, schema]) => {
        const mask = describeField(schema as z.ZodType).mask
        return mask ? [[field, mask]] : []
      }),
    ),
  )
}

const narrowedViews = new WeakMap<View, Map<string, View>>()

/**
 * The view as the narrowed fields let the caller read it: a `none` field is not selected at all, a
 * `masked` one is selected as its mask (as `none` where the field declares none). Made once per view and set
 * of rules.
 */
export function narrowView(view: View, record: z.ZodObject, fields: NarrowedFields | undefined): View {
  if (!fields) return view
  const key = narrowingKey(fields)
  const made = narrowedViews.get(view) ?? new Map<string, View>()
  narrowedViews.set(view, made)
  const known = made.get(key)
  if (known) return known
  const masks = masksOf(record)
  const columns: Record<string, Expression> = {}
  const kinds: View['kinds'] = {}
  for (const [field, expression] of Object.entries(view.columns)) {
    const rule = fields[field] ?? 'write'
    const mask = masks[field]
    if (rule === 'none' || (rule === 'masked' && !mask)) continue
    columns[field] = rule === 'masked' && mask ? maskOf(mask, expression) : expression
    kinds[field] = rule === 'masked' ? 'other' : (view.kinds[field] ?? 'other')
  }
  const narrowed = { ...view, columns, kinds, wireKeys: Object.keys(columns) }
  made.set(key, narrowed)
  return narrowed
}

/** The keyword's columns less those of fields not read whole: the keyword never matches on them. */
export function keywordRead(
  keyword: readonly KeywordColumn[] | undefined,
  view: View,
  fields: NarrowedFields,
): KeywordColumn[] | undefined {
  if (!keyword) return undefined
  const hidden = Object.entries(view.columns)
    .filter(([field]) => !readWhole(fields, field))
    .map(([, expression]) => expression)
  return keyword.filter((column) => !hidden.includes(kindOf(column).column))
}

/**
 * A list query that sorts, filters or ranges by a field the caller may not read (or, but for an exact
 * filter, reads masked) is 422 naming the field: the same answer whether or not a row would match, so no
 * page of a sorted list tells a hidden value letter by letter. A list whose default order is by such a field
 * (orders by a hidden `paid_at`) answers newest id first instead, where a record it could add would show
 * where its value stands; the query is changed so.
 */
export function refuseNarrowed(q: ListQuery, fields: NarrowedFields | undefined): void {
  if (!fields) return
  const refuse = (param: string, field: string) => {
    throw invalidField(param, 'fields.hidden', { field })
  }
  if (q.sortDefault && q.sort.some((term) => !readWhole(fields, term.field)))
    q.sort = [{ field: 'id', desc: true }]
  for (const term of q.sort) if (!readWhole(fields, term.field)) refuse('sort', term.field)
  for (const name of Object.keys(q.filters))
    if (q.filters[name] !== undefined && !readable(fields, name)) refuse(name, name)
  for (const [name, range] of Object.entries(q.ranges))
    if ((range.from !== undefined || range.to !== undefined) && !readWhole(fields, name))
      refuse(`${name}_${range.from !== undefined ? 'from' : 'to'}`, name)
}

/** A write naming a field the caller may not change is 403 naming it; nothing is written. */
export function refuseWrites(input: Record<string, unknown>, fields: NarrowedFields | undefined): void {
  if (!fields) return
  const refused = Object.keys(input).filter(
    (field) => input[field] !== undefined && (fields[field] ?? 'write') !== 'write',
  )
  if (refused.length > 0) throw new ApiError(403, 'fields.read_only', { names: refused.sort().join(', ') })
}
