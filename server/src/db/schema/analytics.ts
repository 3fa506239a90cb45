import {
  type CountColumn,
  countColumns,
  type MoneyColumn,
  moneyColumns,
  orderEventKinds,
  orderEventLimits,
  visitDevices,
  visitLimits,
} from '@vod/contract'
import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'
import { admins } from './auth.ts'
import { campaigns, channels } from './channels.ts'
import { oneOf, undatableIndex } from './columns.ts'
import { orders } from './commerce.ts'

/**
 * Money going back from a paid order (docs/analytics.md): refunds and chargebacks, dated when they happened.
 * Together never more than the order's amount (the API locks the order's row to check it).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: orderEventKinds }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    reason: varchar('reason', { length: orderEventLimits.reason }),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_events_kind_check', sql`${t.kind} in (${oneOf(orderEventKinds)})`),
    check('order_events_amount_check', sql`${t.amount} > 0`),
    index('order_events_order_id_index').on(t.orderId, t.id),
    undatableIndex('order_events', t.occurredAt),
  ],
)

/**
 * The member site's page visits, written by the member site (this product only reads them). Kept
 * VISIT_RETENTION_DAYS; the rollups keep their figures after the rows are gone.
 */
export const visits = pgTable(
  'visits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
    /** The visitor's id (the member site's cookie), the same across visits. */
    visitor: varchar('visitor', { length: visitLimits.visitor }).notNull(),
    device: text('device', { enum: visitDevices }).notNull(),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('visits_device_check', sql`${t.device} in (${oneOf(visitDevices)})`),
    index('visits_visited_at_index').on(t.visitedAt),
    undatableIndex('visits', t.visitedAt),
  ],
)

/**
 * The figures' sums, kept from every committed change of the member site (docs/analytics.md "How the figures
 * are kept"). A row is one level of detail: -1 in a
 * dimension means "all of them", 0 "none" (an order through no channel), '*' all devices. Every event adds
 * to each level it belongs to: all, its channel, its channel's campaign, its plan, its channel and plan, its
 * device, its channel and device.
 */
/** Twenty digits before the point: 2^31 orders of the largest amount (numeric(12,2)) in one row still fit. */
const moneyColumn = (name: string) => numeric(name, { precision: 22, scale: 2 }).notNull().default('0')
const countColumn = (name: string) => integer(name).notNull().default(0)
/** A column a kept figure of the registry (contract/src/figures.ts): money exact, counts integer. */
const figureColumns = Object.fromEntries([
  ...countColumns.map((column) => [column, countColumn(column)]),
  ...moneyColumns.map((column) => [column, moneyColumn(column)]),
]) as { [Column in CountColumn]: ReturnType<typeof countColumn> } & {
  [Column in MoneyColumn]: ReturnType<typeof moneyColumn>
}
const dimensions = {
  channelId: integer('channel_id').notNull(),
  campaignId: integer('campaign_id').notNull(),
  planId: integer('plan_id').notNull(),
  device: text('device').notNull(),
}

/** Quarter-hours in UTC: every zone in use starts its days on one, so any zone's day sums whole buckets. */
export const rollupQuarters = pgTable(
  'rollup_quarters',
  { ...dimensions, bucket: timestamp('bucket', { withTimezone: true }).notNull(), ...figureColumns },
  (t) => [primaryKey({ columns: [t.channelId, t.campaignId, t.planId, t.device, t.bucket] })],
)

/** The same sums per UTC day: a business day is its UTC days plus or minus the quarters at its edges. */
export const rollupDays = pgTable(
  'rollup_days',
  { ...dimensions, day: date('day', { mode: 'string' }).notNull(), ...figureColumns },
  (t) => [primaryKey({ columns: [t.channelId, t.campaignId, t.planId, t.device, t.day] })],
)

/**
 * The same sums per business day of one zone (app_settings' rollup_zone_days_zone, db/sql/business-days.sql), so a
 * daily series reads a row a day instead of a day's edges in quarter-hours. Kept by the fold for that
 * zone; built again from rollup_quarters when the server starts with another zone, the quarter-hours
 * answering meanwhile.
 */
export const rollupZoneDays = pgTable(
  'rollup_zone_days',
  { ...dimensions, day: date('day', { mode: 'string' }).notNull(), ...figureColumns },
  (t) => [primaryKey({ columns: [t.channelId, t.campaignId, t.planId, t.device, t.day] })],
)

/**
 * The same sums per month of business days of the zone rollup_zone_days are kept in (its first day; UTC's
 * when that zone is UTC): a period of whole months reads a row a month and level, its edges a
 * row a day. Kept by the fold and built with the business days.
 */
export const rollupMonths = pgTable(
  'rollup_months',
  { ...dimensions, month: date('month', { mode: 'string' }).notNull(), ...figureColumns },
  (t) => [primaryKey({ columns: [t.channelId, t.campaignId, t.planId, t.device, t.month] })],
)

/**
 * What changed a closed month's kept figures (docs/analytics.md "Closed months and restatements"): per month of
 * the kept zone, level (rollup_months' keys, device '*'), figure and minute it was noted, the sum of the changes
 * the rollups took, and the member site's table whose rows made them. A figure's value before and after an
 * entry is read from rollup_months less the entries noted after it (modules/analytics/restatements.ts).
 */
export const figureRestatements = pgTable(
  'figure_restatements',
  {
    ...dimensions,
    month: date('month', { mode: 'string' }).notNull(),
    figure: text('figure').notNull(),
    source: text('source').notNull(),
    change: numeric('change', { precision: 22, scale: 2 }).notNull(),
    notedAt: timestamp('noted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.month, t.channelId, t.campaignId, t.planId, t.device, t.figure, t.notedAt],
    }),
  ],
)

/** The visitor counts' level (-1 all, a channel, a channel's campaign) and their count. */
const visitorLevel = {
  channelId: integer('channel_id').notNull(),
  campaignId: integer('campaign_id').notNull(),
}
const visitorCount = { visitors: integer('visitors').notNull().default(0) }

export const visitorDayCounts = pgTable(
  'visitor_day_counts',
  { ...visitorLevel, day: date('day', { mode: 'string' }).notNull(), ...visitorCount },
  (t) => [primaryKey({ columns: [t.channelId, t.campaignId, t.day] })],
)

/** visitor_day_counts summed per month (its first day), kept with them. */
export const visitorMonthCounts = pgTable(
  'visitor_month_counts',
  { ...visitorLevel, month: date('month', { mode: 'string' }).notNull(), ...visitorCount },
  (t) => [primaryKey({ columns: [t.channelId, t.campaignId, t.month] })],
)

/**
 * Distinct visitors of any period (docs/analytics.md "Visitors of a period"): a HyperLogLog sketch of each
 * business day's visitors per level, and of each month's (db/sql/visitor-sketches.sql). A sketch's 16,384 registers are
 * kept as planes: plane k holds a bit for each register whose value is k or more, so the sketch of a period
 * is the bit_or of its days' and months' planes, plane by plane, and the estimate reads only each plane's
 * count of ones.
 */
const planeBits = customType<{ data: string }>({ dataType: () => 'bit varying(16384)' })
const planeColumns = {
  plane: smallint('plane').notNull(),
  bits: planeBits('bits').notNull(),
}

export const visitorDayPlanes = pgTable(
  'visitor_day_planes',
  { ...visitorLevel, day: date('day', { mode: 'string' }).notNull(), ...planeColumns },
  (t) => [primaryKey({ columns: [t.channelId, t.campaignId, t.day, t.plane] })],
)

export const visitorMonthPlanes = pgTable(
  'visitor_month_planes',
  { ...visitorLevel, month: date('month', { mode: 'string' }).notNull(), ...planeColumns },
  (t) => [primaryKey({ columns: [t.channelId, t.campaignId, t.month, t.plane] })],
)

/**
 * The sketches' exact beginnings: the hashes of a business day's or month's visitors per level
 * while they are 1,024 or fewer, null past that. A period whose days and months all have theirs counts its
 * visitors exactly from them; HyperLogLog's error is in the visitors only past that size, where it is small.
 */
const hashesColumn = { hashes: bigint('hashes', { mode: 'bigint' }).array() }

export const visitorDayHashes = pgTable(
  'visitor_day_hashes',
  { ...visitorLevel, day: date('day', { mode: 'string' }).notNull(), ...hashesColumn },
  (t) => [primaryKey({ columns: [t.channelId, t.campaignId, t.day] })],
)

export const visitorMonthHashes = pgTable(
  'visitor_month_hashes',
  { ...visitorLevel, month: date('month', { mode: 'string' }).notNull(), ...hashesColumn },
  (t) => [primaryKey({ columns: [t.channelId, t.campaignId, t.month] })],
)

/**
 * The business days whose visits the change stream saw moved or deleted, their visitors to be counted again
 * in the background (vod_stale_days_recount), each since it was first noted: the stream's runs note them and
 * go on, so corrections never hold the figures behind a recount of whole days.
 */
export const visitorDaysStale = pgTable('visitor_days_stale', {
  day: date('day', { mode: 'string' }).primaryKey(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * What the member site's corrections (updates and deletes; new rows are read from their tables) change in
 * the figures, waiting to be folded into the rollups: the correction triggers only append here, a statement's deltas
 * summed by quarter-hour and level, so a correction pays one small insert and never waits on a hot rollup
 * row; vod_figures_fold moves them in the background. No index: the fold takes every row it sees.
 */
export const figureQueue = pgTable('figure_queue', {
  bucket: timestamp('bucket', { withTimezone: true }).notNull(),
  channelId: integer('channel_id'),
  campaignId: integer('campaign_id'),
  planId: integer('plan_id'),
  device: text('device'),
  ...figureColumns,
})

/**
 * How far the fold has read an append-only table of the member site (visits, db/sql/figure-tails.sql): every row with
 * an id up to `folded` is in the figures, but those listed in figure_tail_gaps. Such a table has no insert
 * trigger of ours, so its writes cost what the bare table's do; the fold reads its new rows by id.
 */
export const figureTails = pgTable('figure_tails', {
  source: text('source').primaryKey(),
  folded: bigint('folded', { mode: 'number' }).notNull().default(0),
})

/**
 * Ids at or below a tail's `folded` that were not visible when the fold passed them: a writer's transaction
 * still open then (`writers`, their virtual transaction ids) may yet commit them. The fold adds each one that
 * shows and forgets the rest once those writers have ended.
 */
export const figureTailGaps = pgTable('figure_tail_gaps', {
  source: text('source').notNull(),
  ids: bigint('ids', { mode: 'number' }).array().notNull(),
  writers: text('writers').array().notNull(),
})

const pgLsn = customType<{ data: string }>({ dataType: () => 'pg_lsn' })
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' })

/**
 * Where the figures stand on PostgreSQL with logical decoding (modules/analytics/keeping): the product's
 * replication slot, the end of the last commit whose changes the rollups hold (written in the same
 * transaction as those rollups, so a restart neither loses nor doubles), and that commit's time. No row:
 * the figures are kept the embedded way (triggers and tails), or the stream is yet to be set up.
 */
export const figureStream = pgTable('figure_stream', {
  slot: text('slot').primaryKey(),
  lsn: pgLsn('lsn').notNull(),
  freshAsOf: timestamp('fresh_as_of', { withTimezone: true }).notNull(),
})

/**
 * The refunds and chargebacks as the rollups count them, each with the channel, campaign and plan of its
 * order when it was counted: when an order moves, its events move from these to the order's new ones, in
 * commit order, whatever the order_events table holds by the time the change is applied.
 */
export const figureEvents = pgTable(
  'figure_events',
  {
    id: integer('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    kind: text('kind').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    channelId: integer('channel_id'),
    campaignId: integer('campaign_id'),
    planId: integer('plan_id'),
  },
  (t) => [index('figure_events_order_id_index').on(t.orderId)],
)

/**
 * A change the figures could not take (a moment no business day holds, a value past what a rollup keeps):
 * set aside with its table, row id and error, counted in the health answer, so every other change still goes in.
 */
export const figureSetAside = pgTable('figure_set_aside', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  source: text('source').notNull(),
  rowId: bigint('row_id', { mode: 'number' }),
  error: text('error').notNull(),
  change: text('change').notNull(),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The changes of a transaction PostgreSQL streams before its commit (pgoutput's streaming of large
 * transactions), a batch of them a row (JSON, each with its subtransaction, deflated), kept by the consumer that read
 * them (`reader`, one per consumer's life) under the transaction's id: dropped when it aborts, applied once it
 * commits (modules/analytics/keeping/staged.ts).
 */
export const figureStreamStaged = pgTable(
  'figure_stream_staged',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reader: text('reader').notNull(),
    xid: bigint('xid', { mode: 'number' }).notNull(),
    changes: bytea('changes').notNull(),
  },
  (t) => [index('figure_stream_staged_reader_xid_index').on(t.reader, t.xid, t.id)],
)

/**
 * Streamed transactions committed, and already behind figure_stream's position, whose staged changes are
 * still being applied a step at a time, between the transactions committed after them: a large transaction
 * delays only its own changes. With the subtransactions that aborted. The figures are fresh as of the oldest
 * commit here, when there is one, and hold no WAL from its first change on (the figures-behind bytes).
 */
export const figureStreamApplying = pgTable(
  'figure_stream_applying',
  {
    reader: text('reader').notNull(),
    xid: bigint('xid', { mode: 'number' }).notNull(),
    commitLsn: pgLsn('commit_lsn').notNull(),
    firstLsn: pgLsn('first_lsn').notNull(),
    committedAt: timestamp('committed_at', { withTimezone: true }).notNull(),
    aborted: bigint('aborted', { mode: 'number' }).array().notNull().default(sql`'{}'`),
  },
  (t) => [primaryKey({ columns: [t.reader, t.xid] })],
)
