import { sql } from 'drizzle-orm'
import { index, numeric, type PgColumn, timestamp, varchar } from 'drizzle-orm/pg-core'
import { undatable } from '../datable.ts'

/** created_at / updated_at as every resource table has them; updated_at moves on each drizzle update. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

/**
 * What an index needs to find a column's values by their start whatever their letter case: the keyword's
 * `{ prefix: column }` (lib/list), `lower(column) like lower('ab%')`, reads it as a range. The pattern
 * operator class compares bytes, so the range holds under any collation.
 */
export const startsWith = (column: PgColumn) => sql`lower(${column}) text_pattern_ops`

/**
 * The part of an e-mail address after its `@`, lower-cased ('' when it has none): the keyword's
 * `{ domain: column }` (lib/list) reads it from its start, on the index `domainStartsWith` declares.
 */
export const emailDomain = (column: PgColumn) => sql`lower(split_part(${column}, '@', 2))`
export const domainStartsWith = (column: PgColumn) => sql`${emailDomain(column)} text_pattern_ops`

/**
 * A phone number's digits, last first, whatever spaces, brackets or dashes it was typed with: the keyword's
 * `{ phone: column }` (lib/list) finds the numbers ending in its digits as a range from their start, on the
 * index `digitsEndWith` declares, so a number typed without its country code finds the stored one.
 */
export const reversedDigits = (column: PgColumn) => sql`reverse(regexp_replace(${column}, '[^0-9]', '', 'g'))`
export const digitsEndWith = (column: PgColumn) => sql`${reversedDigits(column)} text_pattern_ops`

/**
 * The rows a channel admin may see at all, those of a channel: what an index led by the channel column
 * (beside a keyword's expression) holds, a channel admin's keyword read from it a channel at a time.
 */
export const inAChannel = (channel: PgColumn) => sql`${channel} is not null`

/**
 * The rows whose moment no business day holds (db/datable.ts), none or few: an index of only those, so the
 * health answer counts them (set aside from the figures) without reading the table.
 */
export const undatableIndex = (table: string, column: PgColumn) =>
  index(`${table}_${column.name}_undatable_index`)
    .on(column)
    .where(sql.raw(undatable(column.name)))

/** The values an enum column may hold, for its check constraint: `${t.status} in (${oneOf(statuses)})`. */
export const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/** A stored file's address: an upload's `/uploads/...` URL or a CDN address (contract mediaUrl). */
export const media = (name: string) => varchar(name, { length: 500 })

/** Money as API.md fixes it: exact, two places. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 })
