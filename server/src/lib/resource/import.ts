import type { Readable } from 'node:stream'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { CsvError, parse } from 'csv-parse'
import { and } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { audit } from '../audit.ts'
import { ApiError, invalidField } from '../errors.ts'
import { filePart, multipartFailure } from '../file-part.ts'
import { dataOf, errorBody, protectedErrors } from '../responses.ts'
import { validationFailure } from '../validation.ts'
import { brokenRule, foreignKeyFields } from './database-rules.ts'
import { permissionOf } from './permissions.ts'
import { insertLinks, lookupKeys, type TargetSpec, targetOf, unknownParams } from './relations.ts'
import type { Relation, Resolved } from './types.ts'
import type { defineWrites } from './write.ts'

type Writes = ReturnType<typeof defineWrites>
type Issue = z.core.$ZodIssue

const DEFAULT_MAX_BYTES = 20 * 1024 * 1024
const MAX_ISSUES = 1000
/**
 * Rows one request may carry (docs/adding-a-resource.md "Import"): what the screens need, and a bound on its
 * time and memory.
 */
export const MAX_IMPORT_ROWS = 10_000
// Room for the multipart boundaries and part headers around the file.
const FORM_OVERHEAD = 16 * 1024
// PostgreSQL takes at most 65,535 parameters a statement.
const MAX_PARAMETERS = 30_000

const importAnswer = z.object({
  created: z.number().int(),
  ids: z.array(z.number().int()),
})

/** The zod type under optional / nullable / default wrappers. */
function baseOf(schema: z.ZodType): z.core.$ZodTypeDef {
  const def = (schema as unknown as { _zod: { def: z.core.$ZodTypeDef } })._zod.def
  if ('innerType' in def) return baseOf(def.innerType as z.ZodType)
  if (def.type === 'pipe') return baseOf((def as z.core.$ZodPipeDef).in as z.ZodType)
  return def
}

/**
 * A CSV cell as the field's schema reads it: numbers and flags as numbers, many-valued fields split on `|`;
 * what does not read as its type stays text, for the schema to report.
 */
function fromCell(schema: z.ZodType, text: string): unknown {
  const def = baseOf(schema)
  const numeric = (t: string) => (/^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t)
  switch (def.type) {
    case 'number':
      return numeric(text)
    case 'boolean':
      return text === '1' ? true : text === '0' ? false : text
    case 'array':
      return text
        .split('|')
        .map((part) => fromCell((def as z.core.$ZodArrayDef).element as z.ZodType, part.trim()))
    case 'union': {
      const numbers = (def as z.core.$ZodUnionDef).options.every((option) => {
        const inner = baseOf(option as z.ZodType)
        return (
          inner.type === 'literal' &&
          (inner as z.core.$ZodLiteralDef<z.core.util.Literal>).values.every((v) => typeof v === 'number')
        )
      })
      return numbers ? numeric(text) : text
    }
    default:
      return text
  }
}

/** Text of an upload that must be UTF-8 CSV: bytes that are not (a NUL, invalid UTF-8) are a 415. */
function utf8Text() {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const refuse = () => new ApiError(415, 'errors.not_csv')
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.includes(0)) return done(refuse())
      try {
        done(null, decoder.decode(chunk, { stream: true }))
      } catch {
        done(refuse())
      }
    },
    flush(done) {
      try {
        done(null, decoder.decode())
      } catch {
        done(refuse())
      }
    },
  })
}

/**
 * The records of an uploaded CSV, the header row first. Any parse error, whatever its code, is 422 on `file`
 * naming the line; an upload past its size limit (busboy stops it and marks it truncated) is 413; a body
 * that breaks off or cannot be read as multipart is 400.
 */
async function* csvRecords(file: Readable & { truncated?: boolean }): AsyncGenerator<string[]> {
  const parser = parse({ bom: true, skip_empty_lines: true, relax_column_count: true })
  const tooLarge = () => new ApiError(413, 'errors.too_large')
  const piped = pipeline(file, utf8Text(), parser)
  piped.catch(() => {})
  try {
    for await (const record of parser) yield record as string[]
    await piped
  } catch (error) {
    if (file.truncated) throw tooLarge()
    if (error instanceof CsvError)
      throw invalidField('file', 'validation.csv', { line: (error as { lines?: number }).lines ?? 0 })
    throw multipartFailure(error)
  }
  if (file.truncated) throw tooLarge()
}

/**
 * Batch create (machinery contract, "Import"): rows from a multipart CSV (`file`, header = the input's wire
 * names, many values split by `|`, an empty cell = left out) or JSON `{"rows": [...]}`, at most
 * MAX_IMPORT_ROWS. Each row is checked by the input's zod rules and the database's (uniques, references,
 * relations), a batch of rows at a time; the bad rows up to the end of the first batch that has any are
 * reported as `rows.<n>.<field>` (n from 1) and then nothing is written. Good rows go in multi-row
 * statements inside one transaction, read as they stream in.
 */
export function defineImport(spec: Resolved, writes: Writes) {
  const settings = spec.import
  if (!settings) throw new Error('defineImport needs spec.import')
  if (spec.hooks) throw new Error(`${spec.path}: imports do not run write hooks; declare one or the other.`)
  const input = settings.input ?? spec.input
  const shape = input.shape as Record<string, z.ZodType>
  const fields = Object.keys(shape)
  const required = fields.filter((field) => !shape[field]?.safeParse(undefined).success)
  // The row fields that fill relations: each relation by its own field (ids), or by the keyed fields naming it.
  const keyed = Object.entries(settings.keys ?? {})
  const links: { field: string; relation: Relation; target: TargetSpec }[] = [
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
  const linkFields = new Set(links.map((link) => link.field))
  const rules = { uniques: spec.uniques, references: foreignKeyFields(spec.table), checks: spec.checks }
  const batchSize = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMETERS / Math.max(1, fields.length))))

  /** Rows as objects with their number from 1; CSV rows read as the input's fields. */
  async function* rowsOf(request: FastifyRequest): AsyncGenerator<{ n: number; row: unknown }> {
    if (!request.isMultipart()) {
      const body = request.body as { rows?: unknown } | undefined
      if (!Array.isArray(body?.rows) || body.rows.length === 0)
        throw invalidField('rows', 'validation.required')
      if (body.rows.length > MAX_IMPORT_ROWS)
        throw invalidField('rows', 'validation.import_rows', { max: MAX_IMPORT_ROWS })
      for (const [i, row] of body.rows.entries()) yield { n: i + 1, row }
      return
    }
    const maxBytes = settings?.maxBytes ?? DEFAULT_MAX_BYTES
    // A declared length past the limit is refused before any of it is read; the stream's limit catches the rest.
    if (Number(request.headers['content-length'] ?? 0) > maxBytes + FORM_OVERHEAD)
      throw new ApiError(413, 'errors.too_large')
    const file = await filePart(request, { fileSize: maxBytes }, 'errors.file_required')
    let header: string[] | null = null
    let n = 0
    for await (const record of csvRecords(file.file)) {
      if (!header) {
        header = record.map((name) => name.trim())
        const missing = required.filter((field) => !header?.includes(field))
        if (missing.length > 0)
          throw invalidField('file', 'validation.columns_missing', { columns: missing.join(', ') })
        const unknown = header.filter((name) => !fields.includes(name))
        if (unknown.length > 0)
          throw invalidField('file', 'validation.columns_unknown', {
            columns: unknown.join(', ').slice(0, 300),
          })
        continue
      }
      // Past the cap the rest of the upload is not read.
      if (n >= MAX_IMPORT_ROWS) throw invalidField('file', 'validation.import_rows', { max: MAX_IMPORT_ROWS })
      const row: Record<string, unknown> = {}
      for (const [i, name] of header.entries()) {
        const text = record[i]?.trim() ?? ''
        if (text !== '') row[name] = fromCell(shape[name] as z.ZodType, text)
      }
      yield { n: ++n, row }
    }
    if (!header) throw invalidField('file', 'validation.columns_missing', { columns: required.join(', ') })
  }

  async function run(db: Db, request: FastifyRequest) {
    const issues: Issue[] = []
    const issue = (n: number, field: string, message: string, params: Record<string, unknown> = {}) =>
      issues.push({
        code: 'custom',
        path: ['rows', n - 1, field],
        message,
        params,
        input: undefined,
      } as Issue)

    return db.transaction(async (tx) => {
      const ids: number[] = []
      let batch: { n: number; input: Record<string, unknown> }[] = []

      // Inserts a batch in one statement; when the database refuses it, row by row to find which rows.
      async function flush() {
        const rows = batch
        batch = []
        const found = new Map<string, Map<unknown, number>>()
        for (const { field, target } of links) {
          const keys = rows.flatMap((row) => (row.input[field] as unknown[] | undefined) ?? [])
          found.set(field, await lookupKeys(tx, target, keys))
        }
        // Every field of a row is checked, so that one upload reports all of its mistakes.
        const ready = rows.filter(({ n, input }) => {
          let known = true
          for (const { field, relation } of links) {
            const ids = found.get(field) as Map<unknown, number>
            const missing = [...new Set((input[field] as unknown[] | undefined) ?? [])].filter(
              (k) => !ids.has(k),
            )
            if (missing.length === 0) continue
            issue(n, field, relation.unknown ?? 'validation.unknown_ids', unknownParams(missing))
            known = false
          }
          return known
        })
        /** The ids each relation gets for a row, from all the fields that fill it. */
        const linked = (row: Record<string, unknown>, relation: Relation) =>
          new Set(
            links
              .filter((link) => link.relation === relation)
              .flatMap(({ field }) =>
                ((row[field] as unknown[] | undefined) ?? []).map(
                  (key) => (found.get(field) as Map<unknown, number>).get(key) as number,
                ),
              ),
          )
        const prepared = await Promise.all(
          ready.map(async (row) => ({
            ...row,
            ...(await writes.prepare(
              Object.fromEntries(Object.entries(row.input).filter(([field]) => !linkFields.has(field))),
            )),
          })),
        )
        const insert = async (part: typeof prepared) => {
          const made = await tx.transaction(async (savepoint) => {
            const created = await savepoint
              .insert(spec.table)
              .values(part.map((row) => row.values))
              .returning({ id: spec.table.id })
            for (const relation of new Set(links.map((link) => link.relation))) {
              const pairs = part.flatMap((row, i) =>
                [...linked(row.input, relation)].map((id) => [created[i]?.id as number, id] as const),
              )
              await insertLinks(savepoint, relation, pairs)
            }
            return created.map((row) => row.id as number)
          })
          ids.push(...made)
        }
        if (prepared.length === 0) return
        try {
          await insert(prepared)
        } catch (error) {
          if (!brokenRule(error, rules)) throw error
          for (const row of prepared)
            await insert([row]).catch((rowError: unknown) => {
              const broken = brokenRule(rowError, rules)
              if (!broken) throw rowError
              issue(row.n, broken.field, broken.key)
            })
        }
      }

      for await (const { n, row } of rowsOf(request)) {
        const parsed = input.safeParse(row, { reportInput: true })
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
        resource: spec.path,
        action: 'batch-create',
        changes: { created: ids.length },
      })
      return { created: ids.length, ids }
    })
  }

  async function routes(app: FastifyInstance, db: Db) {
    app.withTypeProvider<ZodTypeProvider>().post(
      settings?.url ?? `/${spec.path}/${settings?.path}`,
      {
        config: { permission: permissionOf('batch-create', spec.path) },
        bodyLimit: settings?.maxBytes ?? DEFAULT_MAX_BYTES,
        schema: {
          tags: [spec.path],
          summary: `Create many ${spec.path} at once, all or none`,
          description:
            `multipart/form-data with a CSV in \`file\` (header: ${fields.join(', ')}; many values split by \`|\`) ` +
            'or JSON `{"rows": [...]}`. 422 lists every bad row as `rows.<n>.<field>`; 413 over the size limit; ' +
            '415 for a file that is not UTF-8 CSV.',
          response: { 201: dataOf(importAnswer), ...protectedErrors, 413: errorBody, 415: errorBody },
        },
      },
      async (request, reply) => reply.code(201).send({ data: await run(db, request) }),
    )
  }

  return { routes }
}
