import { importAnswer } from '@vod/contract'
import { and } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { type Db, queryText } from '../../db/client.ts'
import { audit } from '../audit.ts'
import { dataOf, errorBody, protectedErrors } from '../responses.ts'
import { validationFailure } from '../validation.ts'
import { brokenRule, foreignKeyFields } from './database-rules.ts'
import { narrowedFields, refuseWrites } from './field-access.ts'
import { type ImportForm, rowsOf } from './import-rows.ts'
import { permissionOf } from './permissions.ts'
import { insertLinks, lookupKeys, type TargetSpec, targetOf, unknownParams } from './relations.ts'
import { rowInsert } from './row-insert.ts'
import type { ImportSpec, Relation, Resolved } from './types.ts'
import type { Writes } from './write.ts'

type Issue = z.core.$ZodIssue

const DEFAULT_MAX_BYTES = 20 * 1024 * 1024
const MAX_ISSUES = 1000
// PostgreSQL takes at most 65,535 parameters a statement.
const MAX_PARAMETERS = 30_000

/** A row field that fills a relation, and the records its values name. */
interface Link {
  field: string
  relation: Relation
  target: TargetSpec
}

/** One resource's import as its steps work with it, found once from the declaration. */
interface Importer {
  spec: Resolved
  settings: ImportSpec
  writes: Pick<Writes, 'prepare'>
  input: z.ZodObject
  form: ImportForm
  links: Link[]
  linkFields: Set<string>
  rules: Parameters<typeof brokenRule>[1]
  batchSize: number
}

/** A row as its input's rules read it, with its number from 1. */
interface Row {
  n: number
  input: Record<string, unknown>
}

/** Reports a row's mistake as `rows.<n>.<field>`. */
type Report = (n: number, field: string, message: string, params?: Record<string, unknown>) => void

/** Every relation key found, by row field: key -> id. */
type Found = Map<string, Map<unknown, number>>

function importerOf(spec: Resolved, writes: Pick<Writes, 'prepare'>): Importer {
  const settings = spec.import
  if (!settings) throw new Error('defineImport needs spec.import')
  if (spec.hooks) throw new Error(`${spec.path}: imports do not run write hooks; declare one or the other.`)
  const input = settings.input ?? spec.input
  const shape = input.shape as Record<string, z.ZodType>
  const fields = Object.keys(shape)
  const required = fields.filter((field) => !shape[field]?.safeParse(undefined).success)
  const links = linksOf(spec, settings, shape)
  return {
    spec,
    settings,
    writes,
    input,
    form: { shape, fields, required, maxBytes: settings.maxBytes ?? DEFAULT_MAX_BYTES },
    links,
    linkFields: new Set(links.map((link) => link.field)),
    rules: { uniques: spec.uniques, references: foreignKeyFields(spec.table), checks: spec.checks },
    batchSize: Math.max(1, Math.min(1000, Math.floor(MAX_PARAMETERS / Math.max(1, fields.length)))),
  }
}

/** The row fields that fill relations: each relation by its own field (ids), or by the keyed fields naming it. */
function linksOf(spec: Resolved, settings: ImportSpec, shape: Record<string, z.ZodType>): Link[] {
  const keyed = Object.entries(settings.keys ?? {})
  return [
    ...keyed.map(([field, { relation: name, key, where }]) => {
      const relation = spec.relations[name]
      if (!relation) throw new Error(`${spec.path}: import key ${field} names no relation ${name}.`)
      return {
        field,
        relation,
        target: { table: relation.target, key, where: and(where, relation.targetWhere) },
      }
    }),
    ...Object.entries(spec.relations)
      .filter(([name]) => name in shape && !keyed.some(([, k]) => k.relation === name))
      .map(([name, relation]) => ({ field: name, relation, target: targetOf(relation) })),
  ]
}

/** The ids the rows' relation keys name, one statement a field. */
async function foundKeys(imp: Importer, tx: Db, rows: Row[]): Promise<Found> {
  const found: Found = new Map()
  for (const { field, target } of imp.links) {
    const keys = rows.flatMap((row) => (row.input[field] as unknown[] | undefined) ?? [])
    found.set(field, await lookupKeys(tx, target, keys))
  }
  return found
}

/** The rows whose keys all name records; every field of a row is checked, so one upload reports all of them. */
function knownRows(imp: Importer, rows: Row[], found: Found, report: Report): Row[] {
  return rows.filter(({ n, input }) => {
    let known = true
    for (const { field, relation } of imp.links) {
      const ids = found.get(field) as Map<unknown, number>
      const missing = [...new Set((input[field] as unknown[] | undefined) ?? [])].filter((k) => !ids.has(k))
      if (missing.length === 0) continue
      report(n, field, relation.unknown ?? 'validation.unknown_ids', unknownParams(missing))
      known = false
    }
    return known
  })
}

/** The ids each relation gets for a row, from all the fields that fill it. */
function linkedTo(imp: Importer, found: Found, row: Record<string, unknown>, relation: Relation) {
  return new Set(
    imp.links
      .filter((link) => link.relation === relation)
      .flatMap(({ field }) =>
        ((row[field] as unknown[] | undefined) ?? []).map(
          (key) => (found.get(field) as Map<unknown, number>).get(key) as number,
        ),
      ),
  )
}

type Prepared = Row & Awaited<ReturnType<Writes['prepare']>>

/** Rows and their links in one statement each, under a savepoint: the new ids, or the database's refusal. */
async function insertRows(imp: Importer, tx: Db, part: Prepared[], found: Found): Promise<number[]> {
  const { table } = imp.spec
  const values = part.map((row) => row.values)
  const written = rowInsert(table, values)
  return tx.transaction(async (savepoint) => {
    const created = written
      ? await queryText<{ id: number }>(savepoint, written.text, written.params)
      : await savepoint.insert(table).values(values).returning({ id: table.id })
    for (const relation of new Set(imp.links.map((link) => link.relation))) {
      const pairs = part.flatMap((row, i) =>
        [...linkedTo(imp, found, row.input, relation)].map((id) => [created[i]?.id as number, id] as const),
      )
      await insertLinks(savepoint, relation, pairs)
    }
    return created.map((row) => row.id as number)
  })
}

/**
 * Inserts a batch in one statement, its new ids added to `ids`; when the database refuses it, row by row to
 * find which rows, each reported.
 */
async function flushBatch(imp: Importer, tx: Db, rows: Row[], ids: number[], report: Report) {
  const found = await foundKeys(imp, tx, rows)
  const ready = knownRows(imp, rows, found, report)
  const prepared: Prepared[] = await Promise.all(
    ready.map(async (row) => ({
      ...row,
      ...(await imp.writes.prepare(
        Object.fromEntries(Object.entries(row.input).filter(([field]) => !imp.linkFields.has(field))),
      )),
    })),
  )
  if (prepared.length === 0) return
  try {
    ids.push(...(await insertRows(imp, tx, prepared, found)))
  } catch (error) {
    if (!brokenRule(error, imp.rules)) throw error
    for (const row of prepared)
      await insertRows(imp, tx, [row], found).then(
        (made) => {
          ids.push(...made)
        },
        (rowError: unknown) => {
          const broken = brokenRule(rowError, imp.rules)
          if (!broken) throw rowError
          report(row.n, broken.field, broken.key)
        },
      )
  }
}

/** The whole import in one transaction: every row read and checked, then written, or none and 422. */
async function runImport(imp: Importer, db: Db, request: FastifyRequest) {
  const issues: Issue[] = []
  const report: Report = (n, field, message, params = {}) =>
    issues.push({
      code: 'custom',
      path: ['rows', n - 1, field],
      message,
      params,
      input: undefined,
    } as Issue)
  const { batchSize } = imp
  // A row giving a field the caller may not write refuses the whole import (403 naming it), so no error
  // row ever speaks of a value it may not read (a duplicate hidden e-mail).
  const fields = narrowedFields(request, imp.spec.path)

  return db.transaction(async (tx) => {
    const ids: number[] = []
    let batch: Row[] = []
    const flush = async () => {
      const rows = batch
      batch = []
      await flushBatch(imp, tx, rows, ids, report)
    }
    for await (const { n, row } of rowsOf(request, imp.form)) {
      if (row && typeof row === 'object') refuseWrites(row as Record<string, unknown>, fields)
      const parsed = imp.input.safeParse(row, { reportInput: true })
      if (!parsed.success)
        for (const found of parsed.error.issues)
          issues.push({ ...found, path: ['rows', n - 1, ...found.path] })
      else batch.push({ n, input: parsed.data as Record<string, unknown> })
      if (batch.length >= batchSize) await flush()
      // Stop at the first batch of rows with a mistake: its bad rows are reported, the rest is not read.
      if (issues.length > 0 && (n % batchSize === 0 || issues.length >= MAX_ISSUES)) break
    }
    await flush()
    if (issues.length > 0) throw validationFailure(issues.slice(0, MAX_ISSUES))
    await audit(tx, request, {
      resource: imp.spec.path,
      action: 'batch-create',
      changes: { created: ids.length },
    })
    return { created: ids.length, ids }
  })
}

/** POST the rows, as CSV or JSON: 201 with the ids made. */
function importRoute(app: FastifyInstance, db: Db, imp: Importer) {
  const { spec, settings } = imp
  app.withTypeProvider<ZodTypeProvider>().post(
    settings.url ?? `/${spec.path}/${settings.path}`,
    {
      config: { permission: permissionOf('batch-create', spec.path) },
      bodyLimit: imp.form.maxBytes,
      schema: {
        tags: [spec.path],
        summary: `Create many ${spec.path} at once, all or none`,
        description:
          `multipart/form-data with a CSV in \`file\` (header: ${imp.form.fields.join(', ')}; many values split by \`|\`) ` +
          'or JSON `{"rows": [...]}`. 422 lists every bad row as `rows.<n>.<field>`; 413 over the size limit; ' +
          '415 for a file that is not UTF-8 CSV.',
        response: { 201: dataOf(importAnswer), ...protectedErrors, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      const over = app.heavyWork()
      try {
        return reply.code(201).send({ data: await runImport(imp, db, request) })
      } finally {
        over()
      }
    },
  )
}

/**
 * Batch create (machinery contract, "Import"): rows from a multipart CSV (`file`, header = the input's wire
 * names, many values split by `|`, an empty cell = left out; read by import-rows.ts) or JSON
 * `{"rows": [...]}`, at most MAX_IMPORT_ROWS. Each row is checked by the input's zod rules and the
 * database's (uniques, references, relations), a batch of rows at a time; the bad rows up to the end of the
 * first batch that has any are reported as `rows.<n>.<field>` (n from 1) and then nothing is written. Good
 * rows go in multi-row statements inside one transaction, read as they stream in.
 */
export function defineImport(spec: Resolved, writes: Pick<Writes, 'prepare'>) {
  const imp = importerOf(spec, writes)
  return { routes: async (app: FastifyInstance, db: Db) => importRoute(app, db, imp) }
}
