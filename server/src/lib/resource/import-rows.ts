import type { Readable } from 'node:stream'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { CsvError, parse } from 'csv-parse'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { ApiError, invalidField } from '../errors.ts'
import { filePart, multipartFailure } from '../file-part.ts'

/**
 * Rows one request may carry (docs/adding-a-resource.md "Import"): what the screens need, and a bound on its
 * time and memory.
 */
const MAX_IMPORT_ROWS = 10_000
// Room for the multipart boundaries and part headers around the file.
const FORM_OVERHEAD = 16 * 1024

/** What an import's rows are read as: the input's fields by wire name, those a row must have, a CSV's size. */
export interface ImportForm {
  shape: Record<string, z.ZodType>
  fields: string[]
  required: string[]
  maxBytes: number
}

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

/** Rows as objects with their number from 1; CSV rows read as the form's fields. */
export async function* rowsOf(
  request: FastifyRequest,
  form: ImportForm,
): AsyncGenerator<{ n: number; row: unknown }> {
  const { shape, fields, required } = form
  if (!request.isMultipart()) {
    const body = request.body as { rows?: unknown } | undefined
    if (!Array.isArray(body?.rows) || body.rows.length === 0)
      throw invalidField('rows', 'validation.required')
    if (body.rows.length > MAX_IMPORT_ROWS)
      throw invalidField('rows', 'validation.import_rows', { max: MAX_IMPORT_ROWS })
    for (const [i, row] of body.rows.entries()) yield { n: i + 1, row }
    return
  }
  const { maxBytes } = form
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
