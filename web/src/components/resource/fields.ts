import { describeField, type FieldInfo, type FieldKind } from '@vod/contract/fields'
import { listValueSchema } from '@vod/contract/resource'
import type { z } from 'zod'
import type { WebContract } from './resource-types.ts'

/**
 * What a resource's screens show and take, derived from its contract by value kind (Directus derives its
 * admin from the schema the same way): list columns, detail items, form fields and filter inputs. A
 * resource declares only where it differs (resource-types.ts: ListDeclaration, ShowDeclaration, ...).
 */
export interface Field {
  /** The wire name. */
  name: string
  info: FieldInfo
  schema: z.ZodType
}

export const fieldOf = (object: z.ZodObject, name: string): Field | undefined => {
  const schema = object.shape[name] as z.ZodType | undefined
  return schema && { name, info: describeField(schema), schema }
}

const fieldsOf = (object: z.ZodObject): Field[] =>
  Object.keys(object.shape).flatMap((name) => fieldOf(object, name) ?? [])

/**
 * The record field that shows a reference to people, when the record carries one: the contract's
 * `shown_as`, else `{base}_name` for `{base}_id` (a tag's `category_id` -> `category_name`) and
 * `{base}s` for `{base}_ids` (a video's `tag_ids` -> `tags`).
 */
export function shownAs(record: z.ZodObject, field: Field): string | undefined {
  const { kind, shown_as } = field.info
  if (kind !== 'reference' && kind !== 'references') return undefined
  const guess =
    kind === 'reference' ? `${field.name.replace(/_id$/, '')}_name` : field.name.replace(/_ids$/, 's')
  return [shown_as, guess].find((name) => name !== undefined && name in record.shape)
}

/** Kinds a list column leaves out: long texts, nested data, secrets. */
const notInLists = new Set<FieldKind>(['long_text', 'rich_text', 'password', 'object', 'list', 'references'])

/**
 * Fields shown through another: the ids of a list of references by the list that names them (`tag_ids` by
 * `tags`), and the name a record carries of a single reference (`username`) by the reference itself
 * (`user_id`), which shows that name linked to its record.
 */
function shownElsewhere(record: z.ZodObject, field: Field): boolean {
  if (field.info.kind === 'references') return shownAs(record, field) !== undefined
  return fieldsOf(record).some(
    (other) => other.info.kind === 'reference' && shownAs(record, other) === field.name,
  )
}

/** A list's columns unless it says: every record field a table can show, `updated_at` aside. */
export function defaultColumns(contract: WebContract): string[] {
  const { record } = contract
  return fieldsOf(record)
    .filter(
      (field) =>
        !notInLists.has(field.info.kind) &&
        !(field.info.kind === 'media' && field.info.media !== 'images') &&
        !shownElsewhere(record, field) &&
        field.name !== 'updated_at',
    )
    .map((field) => field.name)
}

/** A detail screen's items unless it says: every record field but secrets and ids shown by a name. */
export function defaultItems(contract: WebContract): string[] {
  const { record } = contract
  return fieldsOf(record)
    .filter((field) => field.info.kind !== 'password' && !shownElsewhere(record, field))
    .map((field) => field.name)
}

/** The body a form sends: the input to create, the update (each field optional) to edit. */
export const formSchema = (contract: WebContract, editing: boolean): z.ZodObject | undefined =>
  (editing ? contract.update : undefined) ?? contract.input

/** A form's fields unless it says: every field of its body. */
export const defaultFormFields = (contract: WebContract, editing: boolean): string[] => {
  const schema = formSchema(contract, editing)
  return schema ? Object.keys(schema.shape) : []
}

/** A filter input: an exact match (`?status=`) or a range (`?created_at_from=&created_at_to=`). */
export interface FilterField extends Field {
  range: boolean
}

/** Every filter and range the list takes, by name (the contract's `true` is the record field's). */
export function filterFields(contract: WebContract): FilterField[] {
  const list = contract.list
  if (!list) return []
  const of = (given: Record<string, z.ZodType | true> | undefined, range: boolean) =>
    Object.entries(given ?? {}).map(([name, value]): FilterField => {
      const schema = listValueSchema(contract, name, value)
      return { name, schema, info: describeField(schema), range }
    })
  return [...of(list.filters, false), ...of(list.ranges, true)]
}

/** The query parameters of the filters: `status`, or `created_at_from` and `created_at_to`. */
export const filterParams = (filters: readonly FilterField[]): string[] =>
  filters.flatMap((filter) => (filter.range ? [`${filter.name}_from`, `${filter.name}_to`] : [filter.name]))
