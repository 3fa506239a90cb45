import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { Slots } from '../../lib/slots.ts'
import { foldStatus } from './fold-status.ts'

/** The analytics' part of the metrics (plugins/metrics.ts): their slots, and how far the figures are behind. */
export function watchFigures(app: FastifyInstance, db: Db, slots: Slots) {
  app.metrics.watchSlots('analytics', slots)
  const status = app.metrics.perScrape(() => foldStatus(db))
  app.metrics.watch(
    'vod_figures_behind_rows',
    'Rows written but not yet folded into the figures (the embedded way)',
    async () => (await status()).behindRows,
  )
  app.metrics.watch(
    'vod_figures_behind_bytes',
    'WAL committed past what the figures hold (the change stream)',
    async () => (await status()).behindBytes,
  )
  app.metrics.watch(
    'vod_figures_behind_seconds',
    'How long the oldest row not yet folded into the figures has waited',
    async () => (await status()).behindSeconds,
  )
  app.metrics.watch(
    'vod_figures_set_aside_rows',
    'Changes the figures set aside: the stream could not take them, or the embedded fold waits for their writers',
    async () => (await status()).setAside,
  )
  app.metrics.watch(
    'vod_replication_slot_retained_bytes',
    'WAL a replication slot keeps from being recycled (the most of any slot; absent without one)',
    async () => (await status()).slotRetainedBytes,
  )
}
