import { PassThrough, pipeline, Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { and, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import type { Db } from '../../db/client.ts'
import { type defineList, type ListQuery, selectFrom } from '../list/index.ts'
import type { OrderTerm } from '../list/source.ts'
import { protectedErrors } from '../responses.ts'
import { permissionOf } from './permissions.ts'
import { keyNames } from './relations.ts'
import type { Expression, Resolved } from './types.ts'
import type { View } from './view.ts'

type List = ReturnType<typeof defineList>

const BOM = '\ufeff'
const BATCH = 1000
// Text a spreadsheet would run as a formula (API.md); plain numbers such as "-19.99" are left alone.
const FORMULA = /^[-=+@\t\r]/
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

export function neutralised(text: string): string {
  return FORMULA.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text
}

/** One CSV cell from a wire value: many-valued fields joined by `|` (as imports read them), formulas defused. */
function cell(wire: unknown): unknown {
  if (Array.isArray(wire))
    return neutralised(
      wire.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join('|'),
    )
  if (wire && typeof wire === 'object') return neutralised(JSON.stringify(wire))
  return typeof wire === 'string' ? neutralised(wire) : wire
}

/** neutralised() in SQL, reading the value once: a quote before a formula that is not a plain number. */
const textCell = (expression: SQL) =>
  sql`regexp_replace(${expression}, '^(?=[-=+@\\t\\r])(?!-?[0-9]+(\\.[0-9]+)?$)', '''')`

/** The same cell computed by PostgreSQL, for COPY; null when this field cannot be (the rows path serves it). */
function copyCell(kind: View['kinds'][string], source: Expression): SQL | null {
  if (kind === 'keys')
    return textCell(sql`array_to_string(array(select json_array_elements_text(${source})), '|')`)
  if (kind !== 'column') return null
  const column = source as PgColumn
  if (column.columnType === 'PgNumeric' || column.columnType === 'PgDateString')
    return sql`vod_wire(${column})`
  switch (column.dataType) {
    case 'date':
    case 'boolean':
    case 'number':
    case 'bigint':
      return sql`vod_wire(${column})`
    case 'string':
      return textCell(sql`${column}`)
    default:
      return null
  }
}

/** A drizzle query as one SQL text: COPY takes no parameters, so each is written in as an escaped literal. */
function inlined(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.params[Number(n) - 1]
    if (value === null || value === undefined) return 'null'
    const text =
      value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value)
    return pg.escapeLiteral(text)
  })
}

/**
 * "Strictly after this row" in the list's order (NULLs last ascending, first descending, as PostgreSQL
 * sorts), so an export reads batch after batch without OFFSET rescans. Values are the sort keys as text,
 * which the database reads back in the column's own type, keeping microseconds a JS Date would lose.
 */
function after(terms: readonly OrderTerm[], last: (string | null)[]): SQL | undefined {
  const branches = terms.map(({ expression: e, desc }, i) => {
    const equal = terms
      .slice(0, i)
      .map((t, j) => (last[j] === null ? sql`${t.expression} is null` : sql`${t.expression} = ${last[j]}`))
    const v = last[i]
    const beyond = desc
      ? v === null
        ? sql`${e} is not null`
        : sql`${e} < ${v}`
      : v === null
        ? undefined
        : sql`(${e} > ${v} or ${e} is null)`
    return beyond && and(...equal, beyond)
  })
  return or(...branches.filter(Boolean))
}

/**
 * Export columns named after the import's keys (a video's `genres`, `directors`), as that import reads them,
 * in place of a record field of the same name (`directors` as names, not objects): text columns of one
 * LATERAL join per relation, which reads the links once for all its columns.
 */
function keyColumns(spec: Resolved, fields: readonly string[]) {
  const byRelation = new Map<string, Record<string, { key: PgColumn; where?: SQL }>>()
  for (const field of fields) {
    const named = spec.import?.keys?.[field]
    if (!named) continue
    byRelation.set(named.relation, { ...byRelation.get(named.relation), [field]: named })
  }
  const columns: Record<string, SQL> = {}
  const joins: SQL[] = []
  for (const [name, named] of byRelation) {
    const relation = spec.relations[name]
    if (!relation) throw new Error(`${spec.path}: import key of unknown relation "${name}".`)
    const alias = sql.identifier(`${name}_names`)
    joins.push(sql`${keyNames(relation, spec.table, named)} ${alias}`)
    for (const field of Object.keys(named)) columns[field] = sql`${alias}.${sql.identifier(field)}`
  }
  return { columns, joins }
}

/**
 * `GET /{path}/exportCsv` (machinery contract, "Export"): the list's rows under its own filters, keyword and
 * sort, streamed as CSV with a UTF-8 BOM, never held whole in memory. On PostgreSQL, when every column can
 * be formatted in SQL, the database writes the CSV itself through `COPY ... TO STDOUT`; otherwise (and on
 * PGlite) rows are read in keyset batches and written with csv-stringify.
 */
export function defineExport(
  spec: Resolved,
  view: View,
  list: List,
  scopeOf: (request: FastifyRequest) => SQL | undefined,
) {
  const settings = spec.export
  if (!settings) throw new Error('defineExport needs spec.export')
  const fields = settings.columns ?? view.wireKeys
  const keyed = keyColumns(spec, fields)
  const columns: Record<string, Expression> = { ...view.columns, ...keyed.columns }
  for (const field of fields)
    if (!columns[field])
      throw new Error(`${spec.path}: export column "${field}" is neither a record field nor an import key.`)
  const copyCells = fields.map((field) =>
    keyed.columns[field]
      ? textCell(keyed.columns[field])
      : copyCell(view.kinds[field] ?? 'other', view.columns[field] as Expression),
  )
  const copyable = copyCells.every(Boolean)

  // biome-ignore lint/suspicious/noExplicitAny: drizzle's selection type, as selectFrom takes it
  function select(db: Db, cells: Record<string, any>) {
    let query = selectFrom(db, view, cells)
    for (const join of keyed.joins) query = query.leftJoinLateral(join, sql`true`)
    return query
  }

  async function* rows(db: Db, q: ListQuery, scope: SQL | undefined) {
    const order = list.orderTerms(q)
    const keys = Object.fromEntries(
      order.map((t, i) => [`__key${i}`, sql<string | null>`(${t.expression})::text`]),
    )
    // Wire values, as PostgreSQL writes them for the lists (vod_wire); key columns are text already.
    const selected = Object.fromEntries(
      fields.map((field) => [field, keyed.columns[field] ?? sql`vod_wire(${columns[field]})`]),
    )
    let last: (string | null)[] | null = null
    for (;;) {
      const batch = (await select(db, { ...selected, ...keys })
        .where(list.where(q, and(scope, last ? after(order, last) : undefined)))
        .orderBy(...list.orderBy(q))
        .limit(BATCH)) as Record<string, unknown>[]
      for (const row of batch) yield fields.map((field) => cell(row[field]))
      if (batch.length < BATCH) return
      const end = batch[batch.length - 1] as Record<string, unknown>
      last = order.map((_, i) => end[`__key${i}`] as string | null)
    }
  }

  function viaRows(db: Db, request: FastifyRequest, q: ListQuery, scope: SQL | undefined) {
    const csv = stringify({ bom: true, header: true, columns: [...fields], quoted_empty: true })
    pipeline(Readable.from(rows(db, q, scope)), csv, (error) => {
      if (error) request.log.error({ err: error }, 'export failed part way')
    })
    return csv
  }

  async function viaCopy(
    pool: pg.Pool,
    db: Db,
    request: FastifyRequest,
    q: ListQuery,
    scope: SQL | undefined,
  ) {
    const cells = Object.fromEntries(fields.map((field, i) => [field, (copyCells[i] as SQL).as(field)]))
    const query = select(db, cells)
      .where(list.where(q, scope))
      .orderBy(...list.orderBy(q))
      .toSQL()
    const client = await pool.connect()
    let released = false
    // A COPY cut short leaves its connection mid-protocol: such a connection is closed, not reused.
    const release = (error?: Error) => {
      if (released) return
      released = true
      client.release(error)
    }
    const copy = client.query(copyTo(`copy (${inlined(query)}) to stdout with (format csv, header true)`))
    const out = new PassThrough()
    out.write(BOM)
    copy.on('end', () => release())
    pipeline(copy, out, (error) => {
      if (error) {
        request.log.error({ err: error }, 'export failed part way')
        release(error)
      }
    })
    out.on('close', () => release(copy.readableEnded ? undefined : new Error('export stopped')))
    return out
  }

  async function routes(app: FastifyInstance, db: Db) {
    const pool = (db as { $client?: unknown }).$client
    app.withTypeProvider<ZodTypeProvider>().get(
      `/${spec.path}/exportCsv`,
      {
        config: { permission: permissionOf('export', spec.path), download: true },
        schema: {
          tags: [spec.path],
          summary: `Export ${spec.path} as CSV (${settings?.filename})`,
          description:
            "Takes the list's filters, keyword and sort (no paging). A navigated download authenticates with " +
            '`ticket` from `POST /api/download-tickets` instead of the Authorization header.',
          querystring: list.query,
          response: { ...protectedErrors },
        },
      },
      async (request, reply: FastifyReply) => {
        const q = request.query as ListQuery
        const scope = scopeOf(request)
        const body =
          copyable && pool instanceof pg.Pool
            ? await viaCopy(pool, db, request, q, scope)
            : viaRows(db, request, q, scope)
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${settings?.filename}"`)
          .send(body)
      },
    )
  }

  return { routes }
}
