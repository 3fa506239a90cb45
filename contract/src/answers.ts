import { z } from 'zod'
import { MEDIA_URL_PATTERN } from './values.ts'

/**
 * What an answer may carry: the record as the database may hold it, not as this API takes it. The member
 * site writes the same tables (members, orders, tickets, ...) under rules of its own, and anyone with SQL
 * can, so a stored `attachment` of `invoice.pdf` or a message of 5000 emoji (10000 UTF-16 units, within its
 * varchar(5000)) must still be answered: each text keeps its type and loses its formats, patterns and
 * lengths, each number its bounds (an integer stays one), each list its length; an enum stays an enum only
 * where `enumHeld` says the database holds nothing else (a CHECK listing those values), else it is any
 * text; a day or an instant may be null (a stored ±infinity). Inputs keep every rule; the record schema itself
 * is untouched (the web reads its kinds and limits).
 * The screens show a stored value they would not take as text (web Display.tsx: never a link).
 */
export interface AnswerOptions {
  /** Whether the database holds nothing but the enum's values in this top-level field. */
  enumHeld?: (field: string, values: readonly string[]) => boolean
}

type Def = { type: string; checks?: unknown[]; [key: string]: unknown }
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

/** The metadata worth keeping on a relaxed schema: its words, never a format it no longer checks. */
function described<T extends z.ZodType>(relaxed: T, original: z.ZodType): T {
  const meta = z.globalRegistry.get(original)
  if (!meta) return relaxed
  const { id: _id, format: _format, pattern: _pattern, ...kept } = meta as Record<string, unknown>
  return Object.keys(kept).length > 0 ? relaxed.meta(kept) : relaxed
}

const hasChecks = (schema: z.ZodType) => (defOf(schema).checks?.length ?? 0) > 0

/** A day or an instant, by its format (`z.iso.date()`) or by what the document calls it (`instant`). */
function isMoment(schema: z.ZodType): boolean {
  const format =
    defOf(schema).format ?? (z.globalRegistry.get(schema) as { format?: unknown } | undefined)?.format
  return ['date', 'datetime', 'date-time'].includes(String(format))
}

function relax(schema: z.ZodType, enumHeld: (values: readonly string[]) => boolean): z.ZodType {
  const def = defOf(schema)
  switch (def.type) {
    case 'optional':
      return relax(def.innerType as z.ZodType, enumHeld).optional()
    case 'nullable':
      return relax(def.innerType as z.ZodType, enumHeld).nullable()
    case 'string':
      // A day or instant column may hold ±infinity, which has no day or instant to show: answered null.
      if (isMoment(schema)) return described(z.string(), schema).nullable()
      // A format (`z.email()`) is a check of its own kind; a plain text with none stays.
      return hasChecks(schema) || def.format ? described(z.string(), schema) : schema
    case 'number': {
      if (!hasChecks(schema)) return schema
      const integer = (schema as z.ZodNumber).format?.includes('int')
      return described(integer ? z.number().int() : z.number(), schema)
    }
    case 'enum': {
      const values = Object.values(def.entries as Record<string, string>)
      return enumHeld(values) ? schema : described(z.string(), schema)
    }
    case 'array':
      return described(z.array(relax(def.element as z.ZodType, () => false)), schema)
    case 'object':
      return relaxObject(schema as z.ZodObject, () => false)
    case 'union': {
      const options = def.options as z.ZodType[]
      // A flag (0 | 1) and other literal choices come from the database's own types: they stay.
      if (options.every((option) => ['literal', 'null'].includes(defOf(option).type))) return schema
      return described(z.union(options.map((option) => relax(option, enumHeld))), schema)
    }
    default:
      return schema
  }
}

function relaxObject(record: z.ZodObject, enumHeld: (field: string, values: readonly string[]) => boolean) {
  const shape = Object.fromEntries(
    Object.entries(record.shape).map(([field, schema]) => [
      field,
      relax(schema as z.ZodType, (values) => enumHeld(field, values)),
    ]),
  )
  return z.object(shape)
}

const answers = new WeakMap<z.ZodObject, z.ZodObject>()

/**
 * The answer schema of `record` (see AnswerOptions), made once per record. It takes over the record's
 * component name in the API document (`Support`): the document describes answers, and inputs have their own.
 */
export function answerOf<T extends z.ZodObject>(record: T, options: AnswerOptions = {}): z.ZodObject {
  const known = answers.get(record)
  if (known) return known
  const relaxed = relaxObject(record, options.enumHeld ?? (() => false))
  const meta = z.globalRegistry.get(record)
  if (meta) {
    z.globalRegistry.remove(record)
    z.globalRegistry.add(relaxed, meta)
  }
  answers.set(record, relaxed)
  return relaxed
}

/**
 * Whether a stored file's address is one the screens may link to and load: an upload of this server or an
 * http(s) address, as mediaUrl takes them. Anything else a row holds (`invoice.pdf`, `javascript:...`) is
 * shown as text, never as a link or an image.
 */
export const isLinkableMedia = (value: string): boolean =>
  value.length <= 500 && MEDIA_URL_PATTERN.test(value)
