import { asc, desc, is, SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { getTableConfig, PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'

/** A table joined into a list (a plan's name on an order); a left join unless `inner`. */
export interface JoinSpec {
  table: PgTable
  on: SQL
  inner?: boolean
}

/**
 * Fields read for each record in one go rather than a subquery each (an order's refunds and chargebacks,
 * five fields from one reading of its events): `left join lateral (select <columns> <from>) as <name> on
 * true`, each column presented as `fields[column]`. The columns are aggregates without GROUP BY, one row for
 * each record, so joining it neither adds rows nor drops any; only the statements that read its fields join
 * it (readBy).
 */
export class LateralJoin<TColumn extends string = string> {
  readonly name: string
  readonly query: SQL
  readonly fields: Record<TColumn, SQL>
  constructor(name: string, columns: Record<TColumn, SQL>, from: SQL) {
    this.name = name
    const named = Object.entries<SQL>(columns).map(
      ([column, value]) => sql`${value} as ${sql.identifier(column)}`,
    )
    this.query = sql`select ${sql.join(named, sql`, `)} ${from}`
    this.fields = Object.fromEntries(
      Object.keys(columns).map((column) => [column, sql`${new LateralField(this, column)}`]),
    ) as Record<TColumn, SQL>
  }
}

/** A reference to a lateral row's column, which readBy recognises as reading that join. */
class LateralField implements SQLWrapper {
  readonly join: LateralJoin
  readonly column: string
  constructor(join: LateralJoin, column: string) {
    this.join = join
    this.column = column
  }

  getSQL(): SQL {
    return sql`${sql.identifier(this.join.name)}.${sql.identifier(this.column)}`
  }
}

/** One term of a list's order. */
export interface OrderTerm {
  expression: PgColumn | SQL
  desc: boolean
}

/** ORDER BY of the terms. */
export const sortedBy = (terms: readonly OrderTerm[]): SQL[] =>
  terms.map((term) => (term.desc ? desc(term.expression) : asc(term.expression)))

/**
 * A whole number written into a statement's text rather than bound, where nothing bound may sway the plan
 * (page-statements.ts `paging`).
 */
export function writtenNumber(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`A page's size and offset are whole numbers: ${n}`)
  return sql.raw(String(n))
}

/** What a list reads from: its table, the tables joined to it and the rows read beside each record. */
export interface Source {
  table: PgTable
  joins?: readonly JoinSpec[]
  lateral?: readonly LateralJoin[]
}

/** `select <columns> from <table> <joins>`, ready for where / order / limit. */
// biome-ignore lint/suspicious/noExplicitAny: drizzle's select field maps are too deep to spell out here.
export function selectFrom(db: Db, source: Source, columns: Record<string, any>) {
  let query = db.select(columns).from(source.table).$dynamic()
  for (const join of source.joins ?? [])
    query = join.inner ? query.innerJoin(join.table, join.on) : query.leftJoin(join.table, join.on)
  for (const join of source.lateral ?? [])
    query = query.leftJoinLateral(sql`(${join.query}) as ${sql.identifier(join.name)}`, sql`true`)
  return query
}

/**
 * The tables (and lateral rows) whose columns an expression reads (drizzle columns, found through nested
 * SQL).
 */
function tablesRead(part: unknown, into: Set<PgTable | LateralJoin>): void {
  if (is(part, PgColumn)) into.add(part.table)
  else if (part instanceof LateralField) into.add(part.join)
  else if (is(part, SQL)) for (const chunk of part.queryChunks) tablesRead(chunk, into)
  else if (is(part, SQL.Aliased)) tablesRead(part.sql, into)
}

/**
 * Whether leaving the join out keeps the same rows: a left join to one row at most (the list table's own
 * reference), or an inner join on a reference that is never null (a foreign key vouches for the row).
 */
function optional(table: PgTable, join: JoinSpec): boolean {
  const fk = foreignKeyTo(table, join.table)
  return fk !== null && (!join.inner || fk.reference.notNull)
}

/**
 * The source with only the joins and lateral rows that `parts` read (and those they need), keeping any join
 * that decides which rows there are: a page's ids, a count or an estimate need no plan name unless they
 * filter or sort by it, and every join left out is one the planner need not place (most of a filtered list's
 * planning time).
 */
export function readBy(source: Source, parts: readonly unknown[]): Source {
  const joins = source.joins ?? []
  const read = new Set<PgTable | LateralJoin>()
  for (const part of parts) tablesRead(part, read)
  const lateral = (source.lateral ?? []).filter((join) => read.has(join))
  for (const join of lateral) tablesRead(join.query, read)
  for (const join of joins) if (!optional(source.table, join)) read.add(join.table)
  for (let grew = true; grew; ) {
    grew = false
    for (const join of joins)
      if (read.has(join.table)) {
        const before = read.size
        tablesRead(join.on, read)
        grew ||= read.size > before
      }
  }
  return { table: source.table, joins: joins.filter((join) => read.has(join.table)), lateral }
}

/** `table`'s one foreign key to `target`: its column and the column of `target` it names; null unless one. */
export function foreignKeyTo(
  table: PgTable,
  target: PgTable,
): { reference: PgColumn; referenced: PgColumn } | null {
  const found = getTableConfig(table).foreignKeys.filter((fk) => fk.reference().foreignTable === target)
  const [only] = found
  const reference = only?.reference().columns[0]
  const referenced = only?.reference().foreignColumns[0]
  return found.length === 1 && reference && referenced ? { reference, referenced } : null
}
