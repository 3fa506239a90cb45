import { keptFigures } from '@vod/contract'
import type { FastifyBaseLogger } from 'fastify'
import type pg from 'pg'
import type { FigureSource, RowChange } from './changes.ts'

/** Changes applied by one statement: bounds its JSON and the temporary rows it makes. */
export const CHUNK = 20_000

/**
 * A change's own values can fail it (a moment past what a business day holds, 22008; a sum past what a
 * rollup keeps, 22003): SQLSTATE class 22, data exceptions. Anything else (the database gone, a deadlock)
 * fails the run, which is tried again from where the stream stood.
 */
const isDataError = (error: unknown) => /^22/.test(String((error as { code?: unknown }).code ?? ''))

/**
 * Applies changes in a transaction already open on `client`, each chunk under a savepoint: a chunk a data
 * error fails is halved until the change that fails alone is found, a change of a row is split into its old
 * image taken out and its new one put in, and what still fails is set aside (figure_set_aside), logged once
 * with its table and id, and every other change goes in.
 */
export async function applyChanges(client: pg.Client, changes: RowChange[], log: FastifyBaseLogger) {
  for (let at = 0; at < changes.length; at += CHUNK)
    await applyOrSetAside(client, changes.slice(at, at + CHUNK), log)
}

async function applyOrSetAside(client: pg.Client, changes: RowChange[], log: FastifyBaseLogger) {
  if (changes.length === 0) return
  await client.query('savepoint vod_apply')
  try {
    await client.query('select vod_figures_apply($1::jsonb)', [JSON.stringify(changes)])
    await client.query('release savepoint vod_apply')
    return
  } catch (error) {
    await client.query('rollback to savepoint vod_apply')
    if (!isDataError(error)) throw error
    const [change] = changes
    if (changes.length === 1 && change?.old && change.new) {
      // A row moved where the figures cannot follow (or back from there): its old image is taken out and its
      // new one put in apart, so the half that can go in does, and only the other is set aside.
      await applyOrSetAside(client, [{ ...change, new: null }], log)
      await applyOrSetAside(client, [{ ...change, old: null }], log)
      return
    }
    if (changes.length === 1 && change) {
      const id = (change.new ?? change.old)?.id ?? null
      const message = (error as Error).message
      await client.query(
        'insert into figure_set_aside (source, row_id, error, change) values ($1, $2, $3, $4)',
        [change.table, id, message, JSON.stringify(change)],
      )
      log.warn({ table: change.table, id, error: message }, 'a change the figures cannot take was set aside')
      return
    }
  }
  const half = Math.ceil(changes.length / 2)
  await applyOrSetAside(client, changes.slice(0, half), log)
  await applyOrSetAside(client, changes.slice(half), log)
}

/** The rollup columns a table's rows add to, from the figure registry's kept figures (`orders purchase`: orders). */
export const truncatedColumns = (tables: readonly FigureSource[]) =>
  keptFigures
    .filter((figure) => tables.includes(figure.from.split(' ')[0] as FigureSource))
    .map((f) => f.column)

/** Applies a truncation in a transaction already open on `client`. */
export async function applyTruncation(client: pg.Client, tables: FigureSource[]) {
  await client.query('select vod_figures_truncate($1::text[], $2::text[])', [
    tables,
    truncatedColumns(tables),
  ])
}
