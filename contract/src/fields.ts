import { config, z } from 'zod'

/**
 * In the browser zod must build no parsers with `new Function`: its probe for that alone is refused, and
 * reported, under the server's Content Security Policy (no 'unsafe-eval'). Every schema of the contract is
 * built after this module has run (they all import it, through values.ts), whatever chunks a bundler makes;
 * a schema built earlier would keep its choice. The server keeps the fast parsers.
 */
if ('window' in globalThis) config({ jitless: true })

/**
 * What a wire value is, beyond its JSON type: the kind decides how both sides treat a field (the server's
 * list filters and ranges, the web's column display, form widget and filter input). Most kinds follow
 * from the zod schema itself (a string, an enum, an integer, an ISO date); the wire values of values.ts
 * and the helpers below state the rest.
 */
export type FieldKind =
  | 'text'
  | 'long_text'
  | 'rich_text'
  | 'password'
  | 'email'
  | 'money'
  | 'percent'
  | 'flag'
  | 'day'
  | 'instant'
  | 'enum'
  | 'integer'
  | 'number'
  | 'reference'
  | 'references'
  | 'media'
  | 'list'
  | 'object'

/**
 * How a field reads for an admin whose role grants it `masked` (field-rules.ts): `email` keeps the first
 * letter and the domain (`j•••@example.com`), `phone` the last four digits (`•••• 1234`), `day` the year
 * (`1990-••-••`), `tail` the last four characters (`•••• 1234`). The server writes the mask in SQL, so the
 * value itself never leaves the database.
 */
export type MaskKind = 'email' | 'phone' | 'day' | 'tail'

/** What an upload field takes: the upload routes of API.md "Files". */
export type MediaKind = 'images' | 'videos' | 'upload'

export interface FieldMeta {
  kind?: FieldKind
  /**
   * reference(s): the API path of the records named (`tag-categories`), or the name of a child resource
   * routed as its own (`campaigns`, under their channel).
   */
  reference?: string
  /**
   * reference(s): the record field that shows the records named, where the record carries one
   * (`category_id` is shown as `category_name`, `tag_ids` as `tags`).
   */
  shown_as?: string
  /** reference(s): the list filters the records it may name meet (`{ type: 'genre' }`). */
  where?: Record<string, string>
  /** media: which upload route fills it. */
  media?: MediaKind
  /** The mask it reads as where a role grants it `masked`; a field without one cannot be masked. */
  mask?: MaskKind
}

/** Kinds and references, kept apart from the OpenAPI document (which has its own words for types). */
const fieldMeta = z.registry<FieldMeta>()

/** The same schema, of a kind said outright. Later refinements (`.max(5)`) keep it. */
export function ofKind<T extends z.ZodType>(schema: T, meta: FieldMeta): T {
  const marked = schema.clone() as T
  fieldMeta.add(marked, meta)
  return marked
}

/** The same schema, read as `mask` where a role grants the field masked (MaskKind). */
export const masked = <T extends z.ZodType>(schema: T, mask: MaskKind): T => ofKind(schema, { mask })

/** Texts longer than this are edited in a text area and left out of list columns. */
const LONG_TEXT = 500

export interface FieldInfo {
  kind: FieldKind
  /** May be left out of a body. */
  optional: boolean
  /** May be null (or an empty text that stores null). */
  nullable: boolean
  /** enum: the values, in their declared order. */
  values?: readonly string[]
  /** An open text's usual values (its JSON Schema `examples`), offered to pick from where it is filtered. */
  suggestions?: readonly string[]
  reference?: string
  shown_as?: string
  where?: Record<string, string>
  media?: MediaKind
  mask?: MaskKind
  min_length?: number
  max_length?: number
  minimum?: number
  maximum?: number
  pattern?: string
  /** list: what one item is. */
  item?: FieldInfo
}

type Def = { type: string; [key: string]: unknown }
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

/** The schema under its wrappers (optional, nullable, default, a clearable's union with null, transforms). */
function unwrap(schema: z.ZodType): {
  leaf: z.ZodType
  optional: boolean
  nullable: boolean
  meta: FieldMeta
} {
  let optional = false
  let nullable = false
  let meta: FieldMeta = {}
  let current = schema
  for (;;) {
    meta = { ...fieldMeta.get(current), ...meta }
    const def = defOf(current)
    switch (def.type) {
      case 'optional':
      case 'default':
      case 'prefault':
        optional = true
        current = def.innerType as z.ZodType
        continue
      case 'nullable':
        nullable = true
        current = def.innerType as z.ZodType
        continue
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        current = def.innerType as z.ZodType
        continue
      case 'pipe':
        current = def.in as z.ZodType
        continue
      case 'union': {
        const options = (def.options as z.ZodType[]).filter((option) => defOf(option).type !== 'null')
        const [only] = options
        if (options.length < (def.options as z.ZodType[]).length) nullable = true
        if (only && options.length === 1) {
          current = only
          continue
        }
        return { leaf: current, optional, nullable, meta }
      }
      default:
        return { leaf: current, optional, nullable, meta }
    }
  }
}

interface JsonSchema {
  type?: string | string[]
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  pattern?: string
  enum?: unknown[]
  examples?: unknown[]
  anyOf?: JsonSchema[]
}

function jsonOf(schema: z.ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  } catch {
    return {}
  }
}

function kindOf(leaf: z.ZodType, meta: FieldMeta, json: JsonSchema): FieldKind {
  if (meta.kind) return meta.kind
  const def = defOf(leaf)
  switch (def.type) {
    case 'enum':
    case 'literal':
      return 'enum'
    case 'boolean':
      return 'flag'
    case 'array':
      return 'list'
    case 'object':
    case 'record':
      return 'object'
    case 'number':
      return json.type === 'integer' ? 'integer' : 'number'
    case 'string':
      if (json.format === 'email') return 'email'
      if (json.format === 'date') return 'day'
      if (json.format === 'date-time') return 'instant'
      return (json.maxLength ?? 0) > LONG_TEXT ? 'long_text' : 'text'
    default:
      return 'object'
  }
}

const described = new WeakMap<z.ZodType, FieldInfo>()

/** What a field's schema says about its value: kind, whether it may be left out or null, its limits. */
export function describeField(schema: z.ZodType): FieldInfo {
  const known = described.get(schema)
  if (known) return known
  const { leaf, optional, nullable, meta } = unwrap(schema)
  const json = jsonOf(leaf)
  const kind = kindOf(leaf, meta, json)
  const def = defOf(leaf)
  const info: FieldInfo = { kind, optional, nullable }
  if (kind === 'enum') {
    const values = def.type === 'enum' ? Object.values(def.entries as object) : (def.values as unknown[])
    info.values = values.map(String)
  }
  if (def.type === 'array') {
    const item = describeField(def.element as z.ZodType)
    info.item = item
    if (kind === 'references') info.reference = meta.reference ?? item.reference
  }
  if (meta.reference) info.reference = meta.reference
  if (meta.shown_as) info.shown_as = meta.shown_as
  if (meta.where) info.where = meta.where
  if (meta.media) info.media = meta.media
  if (meta.mask) info.mask = meta.mask
  if (json.minLength !== undefined) info.min_length = json.minLength
  if (json.maxLength !== undefined) info.max_length = json.maxLength
  if (json.minimum !== undefined) info.minimum = json.minimum
  if (json.maximum !== undefined) info.maximum = json.maximum
  if (json.pattern !== undefined) info.pattern = json.pattern
  if (kind === 'text' && json.examples) info.suggestions = json.examples.map(String)
  described.set(schema, info)
  return info
}

/** Every field of an object schema, in declaration order. */
export function describeFields(object: z.ZodObject): [string, FieldInfo][] {
  return Object.entries(object.shape).map(([name, schema]) => [name, describeField(schema as z.ZodType)])
}
