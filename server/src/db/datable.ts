import { type SQL, sql } from 'drizzle-orm'

/**
 * The moments a business day holds in any zone: PostgreSQL dates timestamps from 4714-11-24 BC to 294276-12-31,
 * and a moment within a month of either end cannot be given its day or month in every zone (22008). The
 * figures keep no row dated outside (vod_datable): on every path, the stream's, the fold's and the rebuild's,
 * such a row adds nothing and takes nothing away, so it never fails a run nor leaves a sum behind, and the
 * health answer counts such rows as set aside.
 */
export const DATABLE = { from: '4713-01-01 00:00:00+00 BC', before: '294276-12-01 00:00:00+00' } as const

/** SQL: whether `column` is a moment no business day holds (the partial indexes' predicate, word for word). */
export const undatable = (column: string) =>
  `(${column} < '${DATABLE.from}'::timestamptz OR ${column} >= '${DATABLE.before}'::timestamptz)`

/** The same as a query's condition on `column`, its bounds constants so a partial index of `undatable` serves it. */
export const undatableSql = (column: SQL): SQL =>
  sql`(${column} < ${sql.raw(`'${DATABLE.from}'::timestamptz`)} OR ${column} >= ${sql.raw(`'${DATABLE.before}'::timestamptz`)})`
