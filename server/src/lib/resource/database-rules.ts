import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import { isMessageKey, type MessageKey } from '../../i18n/index.ts'
import {
  CHECK_VIOLATION,
  FOREIGN_KEY_VIOLATION,
  postgresError,
  RESTRICT_VIOLATION,
  UNIQUE_VIOLATION,
} from '../db-errors.ts'
import { conflict, invalidField } from '../errors.ts'

/** Each foreign key of `table` -> the wire field of its column (`orders_plan_id_plans_id_fk` -> plan_id). */
export function foreignKeyFields(table: PgTable, field?: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const fk of getTableConfig(table).foreignKeys) {
    const [column] = fk.reference().columns
    if (column) fields[fk.getName()] = field ?? column.name
  }
  return fields
}

export interface RuleFields {
  /** Unique constraint -> the field a duplicate is reported on. */
  uniques?: Record<string, string>
  /** Foreign key constraint -> the field naming the referenced record. */
  references: Record<string, string>
  /** Check constraint -> the field and message a row breaking it is reported with. */
  checks?: Record<string, { field: string; key: MessageKey }>
}

/**
 * A broken database rule that is the request's mistake, as the field and message to answer: a duplicate
 * (422 "has already been taken"), a reference to a record that does not exist, or a declared check
 * constraint. Null for anything else.
 */
export function brokenRule(error: unknown, fields: RuleFields): { field: string; key: MessageKey } | null {
  const pg = postgresError(error)
  const constraint = pg?.constraint ?? ''
  const unique = pg?.code === UNIQUE_VIOLATION && fields.uniques?.[constraint]
  if (unique) return { field: unique, key: 'validation.unique' }
  const reference = pg?.code === FOREIGN_KEY_VIOLATION && fields.references[constraint]
  if (reference) return { field: reference, key: 'validation.exists' }
  const check = pg?.code === CHECK_VIOLATION && fields.checks?.[constraint]
  if (check) return check
  return null
}

/** Answers a failed create or update as API.md wants: a broken rule is 422 on its field. */
export function databaseRule(fields: RuleFields) {
  return (error: unknown): never => {
    const broken = brokenRule(error, fields)
    if (broken) throw invalidField(broken.field, broken.key)
    throw error
  }
}

/**
 * Answers a failed delete: a record others still hold is 409 saying in plain words what holds it
 * (`holders.<table>` in the catalogues: "Videos still carry this tag."), never a table's name; a holder
 * without such words gets the general message.
 */
export function deleteRule(error: unknown): never {
  const pg = postgresError(error)
  if (pg?.code === FOREIGN_KEY_VIOLATION || pg?.code === RESTRICT_VIOLATION) {
    const key = `holders.${pg.table ?? ''}`
    throw conflict(isMessageKey(key) ? key : 'errors.in_use')
  }
  throw error
}
