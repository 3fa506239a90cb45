import { answerOf } from '@vod/contract/answers'
import { recordVersion } from '@vod/contract/versions'
import { is, SQL } from 'drizzle-orm'
import { getTableConfig, PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { Expression } from './types.ts'

/** A check constraint's SQL as text, columns as `"name"` (what `heldValues` reads). */
function checkText(chunks: readonly unknown[]): string {
  return chunks
    .map((chunk) => {
      if (chunk instanceof SQL) return checkText(chunk.queryChunks)
      if (chunk && typeof chunk === 'object' && 'value' in chunk && Array.isArray(chunk.value))
        return chunk.value.join('')
      if (chunk && typeof chunk === 'object' && 'name' in chunk) return `"${String(chunk.name)}"`
      return ''
    })
    .join('')
}

/**
 * The values the database lets `column` hold, where it says so outright: a PostgreSQL enum type, or a check
 * constraint `column in ('a', 'b')` (db/schema's `oneOf`). Undefined when any text fits.
 */
export function heldValues(table: PgTable, column: PgColumn): readonly string[] | undefined {
  if (column.columnType === 'PgEnumColumn') return column.enumValues
  for (const check of getTableConfig(table).checks) {
    const match = /^"(\w+)" in \(((?:'[^']*'(?:, )?)+)\)$/.exec(checkText(check.value.queryChunks).trim())
    if (match?.[1] === column.name) return [...(match[2] ?? '').matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '')
  }
  return undefined
}

/**
 * The answer schema of a resource's (or child's) records, any field but `id` possibly absent (a role's field
 * rules hide it): contract/src/answers.ts, an enum kept where the
 * field's column holds nothing else (`heldValues`), any text otherwise (an expression, a nested field); and
 * the record's `version` where it has one (view.ts).
 */
export function answerSchema(
  record: z.ZodObject,
  table: PgTable,
  columns: Record<string, Expression>,
  versioned = false,
) {
  const answer = answerOf(record, {
    enumHeld(field, values) {
      const column = columns[field]
      if (!is(column, PgColumn) || column.table !== table) return false
      const held = heldValues(table, column)
      return held?.every((value) => values.includes(value)) === true
    },
  })
  return versioned ? narrowableOf(answer).extend({ version: recordVersion }) : narrowableOf(answer)
}

const narrowables = new WeakMap<z.ZodObject, z.ZodObject>()

/**
 * The answer with any field but the id possibly absent (a role's field rules hide it, field-access.ts),
 * made once per answer; it takes over the answer's component name in the API document.
 */
function narrowableOf(answer: z.ZodObject): z.ZodObject {
  const known = narrowables.get(answer)
  if (known) return known
  const absent = Object.keys(answer.shape).filter((key) => key !== 'id')
  const narrowable = answer.partial(
    Object.fromEntries(absent.map((key) => [key, true])) as Record<never, true>,
  )
  const meta = z.globalRegistry.get(answer)
  if (meta) {
    z.globalRegistry.remove(answer)
    z.globalRegistry.add(narrowable, meta)
  }
  narrowables.set(answer, narrowable)
  return narrowable
}
