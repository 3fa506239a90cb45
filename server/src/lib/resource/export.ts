import { pipeline, Readable, type Transform } from 'node:stream'
import type { FigureLanguage } from '@vod/contract'
import { stringify } from 'csv-stringify'
import { and, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import type { Db } from '../../db/client.ts'
import { csvHeader, headerLine } from '../csv-header.ts'
import { type defineList, estimatedRows, type ListQuery, selectFrom } from '../list/index.ts'
import { after } from '../list/keyset.ts'
import { protectedErrors } from '../responses.ts'
import { cell, copyCell, isInstant, shownInstant } from './csv-cells.ts'
import { keyColumns } from './export-key-columns.ts'
import { refuseNarrowed } from './field-access.ts'
import { permissionOf } from './permissions.ts'
import type { Resource } from './resource-routes.ts'
import type { Expression, Resolved } from './types.ts'
import type { View } from './view.ts'

type List = ReturnType<typeof defineList>
/** The export's query as the route hands it over: the list's, and the language of the header row. */
type ExportQuery = ListQuery & { lang?: FigureLanguage }

const BOM = '\ufeff'
const BATCH = 1000
// Past this many rows an export groups every record's related names at once rather than reading them per record.
const GROUPED_FROM = 10_000
/** pg's own text of a bound value (lib/utils.js, on its default export at run time, untyped). */
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): string | null } }).utils
  .prepareValue

/**
 * A drizzle query as one SQL text: COPY takes no parameters, so each is written in as an escaped literal of
 * the very text pg sends when it binds the value (an array as PostgreSQL's array text, an instant with its
 * offset, any other object as JSON).
 */
function inlined(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = prepareValue(query.params[Number(n) - 1])
    return value === null ? 'null' : pg.escapeLiteral(value)
  })
}

/**
 * `GET /{path}/exportCsv` (machinery contract, "Export"): the list's rows under its own filters, keyword and
 * sort, streamed as CSV with a UTF-8 BOM, never held whole in memory. On PostgreSQL, when every column can
 * be formatted in SQL, the database writes the CSV itself through `COPY ... TO STDOUT`; otherwise (and on
 * PGlite) rows are read in keyset batches and written with csv-stringify.
 */
export function defineExport(
  spec: Resolved,
  narrowed: Resource['narrowed'],
  scopeOf: (request: FastifyRequest) => SQL | undefined,
) {
  const settings = spec.export
  if (!settings) throw new Error('defineExport needs spec.export')
  const { view: whole } = narrowed(undefined)
  const allFields = settings.columns ?? whole.wireKeys
  const shapes = new WeakMap<View, ReturnType<typeof shapeOf>>()

  /**
   * The columns of an export read through `view`: a field the caller may not read is no column at all (not
   * an empty one), a masked one its mask. An import key stands for a relation and goes with its field.
   */
  function shapeOf(view: View) {
    const keyedAll = keyColumns(spec, allFields)
    const relationOf = (field: string) => spec.import?.keys?.[field]?.relation
    const fields = allFields.filter((field) => {
      const relation = keyedAll.columns[field] ? (relationOf(field) ?? '') : field
      return relation in view.columns || (field !== relation && !(relation in whole.columns))
    })
    const keyed = keyColumns(spec, fields)
    const columns: Record<string, Expression> = { ...view.columns, ...keyed.columns }
    for (const field of allFields)
      if (!whole.columns[field] && !keyedAll.columns[field])
        throw new Error(`${spec.path}: export column "${field}" is neither a record field nor an import key.`)
    // Names of related records come as CSV cells already (keyColumns).
    const copyCells = fields.map(
      (field) =>
        keyed.columns[field] ?? copyCell(view.kinds[field] ?? 'other', view.columns[field] as Expression),
    )
    return { view, fields, keyed, columns, copyCells, copyable: copyCells.every(Boolean) }
  }
  const shapeFor = (view: View) => {
    const known = shapes.get(view)
    if (known) return known
    const shape = shapeOf(view)
    shapes.set(view, shape)
    return shape
  }
  type Shape = ReturnType<typeof shapeOf>
  shapeFor(whole)

  /** Its columns' wire names, or the screens' labels in the language the download names. */
  const headerOf = (shape: Shape, q: ExportQuery) =>
    csvHeader(shape.fields, q.lang, spec.contract.fieldLabels)

  /**
   * The records and their names: read per record (LATERAL), or, for `grouped`, grouped once for all in id
   * order, which an export in id order (the usual) then reads in step with the records.
   */
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's selection type, as selectFrom takes it
  function select(db: Db, shape: Shape, cells: Record<string, any>, grouped?: { descending: boolean }) {
    const { view, keyed } = shape
    let query = selectFrom(db, view, cells)
    if (grouped)
      for (const { join, on } of keyed.grouped) query = query.leftJoin(join(grouped.descending), on)
    else for (const join of keyed.lateral) query = query.leftJoinLateral(join, sql`true`)
    return query
  }

  async function* rows(db: Db, shape: Shape, list: List, q: ListQuery, scope: SQL | undefined) {
    const { view, fields, keyed, columns } = shape
    const order = list.orderTerms(q)
    const keys = Object.fromEntries(
      order.map((t, i) => [`__key${i}`, sql<string | null>`(${t.expression})::text`]),
    )
    // Wire values, as PostgreSQL writes them for the lists (vod_wire), instants as the screens show them;
    // key columns are text already.
    const selected = Object.fromEntries(
      fields.map((field) => [
        field,
        keyed.columns[field] ??
          (isInstant(view.kinds[field] ?? 'other', columns[field])
            ? shownInstant(columns[field] as Expression)
            : sql`vod_wire(${columns[field]})`),
      ]),
    )
    let last: (string | null)[] | null = null
    for (;;) {
      const batch = (await select(db, shape, { ...selected, ...keys })
        .where(list.where(q, and(scope, last ? after(order, last) : undefined)))
        .orderBy(...list.orderBy(q))
        .limit(BATCH)) as Record<string, unknown>[]
      for (const row of batch) yield fields.map((field) => cell(row[field]))
      if (batch.length < BATCH) return
      const end = batch[batch.length - 1] as Record<string, unknown>
      last = order.map((_, i) => end[`__key${i}`] as string | null)
    }
  }

  /** Batch by batch, each on a connection for its query alone: a slow reader holds none between them. */
  function viaRows(
    db: Db,
    request: FastifyRequest,
    read: { shape: Shape; list: List },
    q: ExportQuery,
    scope: SQL | undefined,
    out: Transform,
  ) {
    const csv = stringify({ bom: true, quoted_empty: true })
    csv.write(headerOf(read.shape, q))
    pipeline(Readable.from(rows(db, read.shape, read.list, q, scope)), csv, out, (error) => {
      if (error) request.log.warn({ err: error }, 'export stopped part way')
    })
  }

  /** PostgreSQL writes the CSV on a connection of the exports' own (plugins/exports.ts). */
  async function viaCopy(
    pool: pg.Pool,
    db: Db,
    request: FastifyRequest,
    read: { shape: Shape; list: List },
    q: ExportQuery,
    scope: SQL | undefined,
    out: Transform,
  ) {
    const { shape, list } = read
    const { fields, keyed, copyCells } = shape
    const cells = Object.fromEntries(fields.map((field, i) => [field, (copyCells[i] as SQL).as(field)]))
    const where = list.where(q, scope)
    const many = keyed.grouped.length > 0 && (await estimatedRows(db, list.spec, where)) > GROUPED_FROM
    const [first] = list.orderTerms(q)
    const descending = first?.expression === list.spec.sortable.id && first.desc
    const query = select(db, shape, cells, many ? { descending } : undefined)
      .where(where)
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
    const copy = client.query(copyTo(`copy (${inlined(query)}) to stdout with (format csv)`))
    out.write(BOM + headerLine(headerOf(shape, q)))
    copy.on('end', () => release())
    pipeline(copy, out, (error) => {
      if (error) {
        request.log.warn({ err: error }, 'export stopped part way')
        release(error)
      }
    })
    out.on('close', () => release(copy.readableEnded ? undefined : new Error('export stopped')))
  }

  /** The routes; exports read through app.exportSlots.reads, not the requests' `db` (ANALYTICS_DATABASE_URL). */
  async function routes(app: FastifyInstance, _db: Db) {
    app.withTypeProvider<ZodTypeProvider>().get(
      `/${spec.path}/exportCsv`,
      {
        config: { permission: permissionOf('export', spec.path), download: true, fieldRules: spec.path },
        schema: {
          tags: [spec.path],
          summary: `Export ${spec.path} as CSV (${settings?.filename})`,
          description:
            "Takes the list's filters, keyword and sort (no paging). A navigated download authenticates with " +
            '`ticket` from `POST /api/download-tickets` instead of the Authorization header.',
          querystring: narrowed(undefined).list.exportQuery,
          response: { ...protectedErrors },
        },
      },
      async (request, reply: FastifyReply) => {
        const q = request.query as ExportQuery
        // The caller's field rules as its session has them now: a role narrowed before the export starts
        // streaming counts.
        const { view, list, fields } = narrowed(request)
        refuseNarrowed(q, fields)
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${settings?.filename}"`)
        // HEAD asks for the headers alone: no query runs, no slot is taken.
        if (request.method === 'HEAD') return reply.send()
        const slots = app.exportSlots
        const release = slots.take()
        const over = app.heavyWork()
        const out = slots.guard()
        out.on('close', () => {
          release()
          over()
        })
        try {
          const scope = scopeOf(request)
          const read = { shape: shapeFor(view), list }
          // Read where reports read: the replica of ANALYTICS_DATABASE_URL when there is one.
          if (read.shape.copyable && slots.pool)
            await viaCopy(slots.pool, slots.reads, request, read, q, scope, out)
          else viaRows(slots.reads, request, read, q, scope, out)
        } catch (error) {
          out.destroy()
          throw error
        }
        return reply.send(out)
      },
    )
  }

  return { routes }
}
