import type { z } from 'zod'
import type { ActionTable } from './actions.ts'
import type { FieldLabels } from './labels.ts'

/** The record routes a resource may offer (API.md "One record"); all five unless said. */
export type Operation = 'list' | 'show' | 'create' | 'edit' | 'delete'

/**
 * A list's query besides paging (API.md "Lists"). Filters and ranges name their value's schema, or `true`
 * for the record field of the same name: `filters: { status: true, tag_id: reference('tags') }`.
 */
export interface ListContract {
  /** Wire fields `sort=` accepts; `id` among them (the tie-breaker). */
  sortable: readonly string[]
  /** The order when the request names none: `-id`, `-paid_at`. */
  defaultSort: string
  /** Exact matches, `?type=genre`. */
  filters?: Record<string, z.ZodType | true>
  /** Inclusive ranges: `created_at` gives `created_at_from` and `created_at_to`. */
  ranges?: Record<string, z.ZodType | true>
  /** `keyword=` searches the resource's main text (what, the server says; the screens say it too). */
  keyword?: boolean
  /**
   * Money fields summed over every row the list's filters match, in SQL numeric: `GET /{path}/totals` answers
   * `{"data": {"count": n, "amount": "123.45", ...}}` (the list's permission), and the list shows a totals row.
   */
  totals?: readonly string[]
}

/** Records that live under one of the resource's records (`/videos/{id}/photos`). */
export interface ChildContract {
  record: z.ZodObject
  /**
   * Owned children are written with this body. Linked ones are added with `{"ids": [...]}`; given, it is
   * the link's own fields, changed with PUT (how a block presents one of its videos).
   */
  input?: z.ZodObject
  /** Linked: existing records of this resource, linked in order (a block's videos). */
  links?: string
  /** Kept in an order the admin sets (`POST .../reorder`). */
  ordered?: boolean
  list?: ListContract
  /** The child's own permission resource (`campaigns`), when reading and writing it is not the parent's. */
  permissions?: string
  /** What may be done to them; owned children all of it, linked ones all but edit (without an input), unless said. */
  operations?: readonly ChildOperation[]
}

export type ChildOperation = 'list' | 'create' | 'edit' | 'delete' | 'reorder'

/** What may be done to a resource's children. */
export const childOperationsOf = (child: ChildContract): readonly ChildOperation[] =>
  child.operations ??
  (child.links && !child.input
    ? ['list', 'create', 'delete', 'reorder']
    : ['list', 'create', 'edit', 'delete', 'reorder'])

/**
 * Everything both sides know of one resource, declared once: its path (API path, permission resource and
 * i18n key), the record on the wire, the bodies it takes, its list query, its transitions, its export and
 * import. The server derives routes, checks and the OpenAPI document from it; the web its screens.
 */
export interface ResourceContract {
  path: string
  record: z.ZodObject
  /** POST's body; PUT takes `update` (by default the same fields, each optional). */
  input?: z.ZodObject
  update?: z.ZodObject
  /** The record field that names one record wherever it is shown or picked: `name` unless said. */
  label?: string
  /**
   * Its fields as the screens name them, in both languages (labels.ts): the web's labels of its fields and,
   * for a resource with an export, its CSV's header row in the language asked for. Shared fields (`id`,
   * `created_at`) need not be here.
   */
  fieldLabels?: FieldLabels
  operations?: readonly Operation[]
  list: ListContract
  actions?: ActionTable
  /**
   * Narrower lists of the same records, `GET /{path}/{view}` behind `list-{path}` with the list's query
   * (`comments/reports`: the comments members reported); the server says which rows each holds.
   */
  views?: readonly string[]
  /** `GET /{path}/exportCsv`, written to this file name. */
  export?: { filename: string }
  /** Batch create: `POST /{path}/{path of the import}` (or `url`), rows of `row` (the input unless said). */
  import?: { path: string; url?: string; row?: z.ZodObject }
  children?: Record<string, ChildContract>
}

export function defineContract<const C extends ResourceContract>(contract: C): C {
  return contract
}

/** The schema of a filter or range: its own, or the record field it names. */
export function listValueSchema(contract: { record: z.ZodObject }, name: string, given: z.ZodType | true) {
  if (given !== true) return given
  const field = contract.record.shape[name] as z.ZodType | undefined
  if (!field) throw new Error(`The list names the record field "${name}", which the record lacks.`)
  return field
}

/** The record routes a resource offers. */
export const operationsOf = (
  contract: Pick<ResourceContract, 'operations' | 'input'>,
): readonly Operation[] =>
  contract.operations ?? (contract.input ? ['list', 'show', 'create', 'edit', 'delete'] : ['list', 'show'])
