import { keptFigures } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { type Db, queryRows } from './client.ts'
import { DATABLE } from './datable.ts'

/**
 * The live SQL that names every kept figure, written here from the figure registry (contract/src/figures.ts)
 * rather than by hand: the delta type, what each row of the member site adds (its `from`, `at`, `where` and
 * `value`), the queue, the rollups' adds, the fold's sums, the pending and the rebuild's sources. Written into
 * server/src/db/sql/kept-figures.sql (`npx tsx scripts/kept-figures-sql.ts`), which is installed, linted and
 * read like the other files there, and which server/test/figure-registry.test.ts finds stale when it is not
 * what this writes; the other files call these by name and hold no figure's column. A kept figure added to
 * the registry is kept by every path from here; its rollup column is the drizzle schema's
 * (db/schema/analytics.ts, made from the registry too), added by a migration.
 *
 * The one reviewed place text is spliced into the live SQL: only the registry's own, never a request's.
 */

/** Where keptFiguresSql's text is committed, from the repository's root. */
export const KEPT_FIGURES_FILE = 'server/src/db/sql/kept-figures.sql'

const QUARTER = "date_bin('15 minutes', %s, timestamptz '2000-01-01 00:00:00+00')"
const quarterOf = (moment: string) => QUARTER.replace('%s', moment)

/** A kept figure as the SQL here needs it. */
interface Column {
  name: string
  /** The figure's wire name (new_subscriptions for the column subscriptions). */
  figure: string
  type: 'integer' | 'numeric'
  table: string
  alias: string
  at: string
  where: string | undefined
  value: string
}

const columns: Column[] = keptFigures.map((figure) => {
  const [table = '', alias = ''] = figure.from.split(' ')
  return {
    name: figure.column,
    figure: figure.name,
    type: figure.unit === 'money' ? 'numeric' : 'integer',
    table,
    alias,
    at: figure.at,
    where: figure.where,
    value: figure.value,
  }
})

/**
 * Where each source's rows are kept along (channel, campaign, plan, device: the rollups' keys), what of it
 * the functions here take, and the function that says what one row adds. Structure, not figures: a figure
 * of a source listed here needs nothing else; a figure of another table needs its source added here.
 */
interface Source {
  /** The row functions' parameters, the row first (its alias as in the registry's `from`). */
  parameters: string
  keys: readonly [string, string, string, string]
  /** For the rebuild: what the row is read with (an event along its order). */
  join?: string
  /** The function that gives one row's deltas (vod_order_delta); one delta a row unless `many`. */
  delta: string
  /** Whether a row may add at more than one moment (a subscription started and cancelled). */
  many: boolean
}

const sources: Record<string, Source> = {
  orders: {
    parameters: 'purchase orders, sign integer',
    keys: ['purchase.channel_id', 'purchase.campaign_id', 'purchase.plan_id', 'NULL::text'],
    delta: 'vod_order_delta',
    many: false,
  },
  order_events: {
    parameters: 'event order_events, purchase orders, sign integer',
    keys: ['purchase.channel_id', 'purchase.campaign_id', 'purchase.plan_id', 'NULL::text'],
    join: 'JOIN orders purchase ON purchase.id = event.order_id',
    delta: 'vod_event_delta',
    many: false,
  },
  users: {
    parameters: 'member users, sign integer',
    keys: ['member.channel_id', 'member.campaign_id', 'NULL::integer', 'NULL::text'],
    delta: 'vod_user_delta',
    many: false,
  },
  subscriptions: {
    parameters: 'subscription subscriptions, sign integer',
    keys: ['subscription.channel_id', 'subscription.campaign_id', 'subscription.plan_id', 'NULL::text'],
    delta: 'vod_subscription_deltas',
    many: true,
  },
}

/** Visits are kept summed per quarter-hour (many visits, few deltas): their own function, vod_visits_deltas. */
const VISITS = { table: 'visits', alias: 'visit' }
const visitKeys = ['visit.channel_id', 'visit.campaign_id', 'NULL::integer', 'visit.device'] as const

/** Every column by `each`, in the registry's order (the delta type's), joined by commas. */
const list = (each: (column: Column) => string) => columns.map(each).join(', ')

/** The moments a table's figures are kept at, each with its figures (a subscription: started, cancelled). */
function momentsOf(table: string, alias: string): { at: string; figures: Column[] }[] {
  const mine = columns.filter((column) => column.table === table)
  for (const column of mine)
    if (column.alias !== alias)
      throw new Error(`${column.name}: from '${table} ${column.alias}', where the fold names it ${alias}`)
  // A moment no business day holds is NULL here, and a NULL moment adds nothing on any path (datable.ts).
  return [...new Set(mine.map((column) => column.at))].map((at) => ({
    at: `vod_datable(${at})`,
    figures: mine.filter((column) => column.at === at),
  }))
}

function datable(): string {
  return `-- The moment itself where a business day holds it in any zone, else NULL (server/src/db/datable.ts).
CREATE OR REPLACE FUNCTION vod_datable(moment timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN moment >= '${DATABLE.from}'::timestamptz AND moment < '${DATABLE.before}'::timestamptz THEN moment END
$$`
}

/** What one row adds to a column at a moment (`sign` a row), or 0 if the column is not of that moment. */
function rowValue(column: Column, figures: Column[]): string {
  if (!figures.includes(column)) return '0'
  const added = column.value === '1' ? 'sign' : `sign * ${column.value}`
  return column.where ? `CASE WHEN ${column.where} THEN ${added} ELSE 0 END` : added
}

/** The rebuild's sum of a column over a moment's rows grouped (0 if the column is not of that moment). */
function groupValue(column: Column, figures: Column[]): string {
  if (!figures.includes(column)) return `0::${column.type}`
  const filter = column.where ? ` FILTER (WHERE ${column.where})` : ''
  return `coalesce(sum(${column.value})${filter}, 0)::${column.type}`
}

/** The delta type: a moment, the rollups' keys, a column a kept figure (what the functions pass around). */
function deltaTypeAttributes(): [string, string][] {
  return [
    ['moment', 'timestamp with time zone'],
    ['channel_id', 'integer'],
    ['campaign_id', 'integer'],
    ['plan_id', 'integer'],
    ['device', 'text'],
    ...columns.map((column): [string, string] => [column.name, column.type]),
  ]
}

/**
 * The delta type made again when it is not the registry's (a kept figure added or taken away), before the
 * statements here are applied: dropping it drops the functions that take or give it, which the statements
 * then make again (in the same transaction, migrate.ts applySqlSources). No table holds a delta.
 */
export async function replaceDeltaType(db: Db): Promise<void> {
  const wanted = deltaTypeAttributes()
  const live = await queryRows<{ name: string; type: string }>(
    db,
    sql`select attribute.attname::text as name, format_type(attribute.atttypid, attribute.atttypmod) as type
      from pg_type delta_type join pg_attribute attribute on attribute.attrelid = delta_type.typrelid
      where delta_type.typname = 'vod_rollup_delta' and delta_type.typnamespace = 'public'::regnamespace
        and attribute.attnum > 0 and not attribute.attisdropped
      order by attribute.attnum`,
  )
  if (JSON.stringify(live.map(({ name, type }) => [name, type])) === JSON.stringify(wanted)) return
  await db.execute(sql`drop type if exists vod_rollup_delta cascade`)
  const attributes = wanted.map(([name, type]) => `${name} ${type}`).join(', ')
  await db.execute(sql.raw(`create type vod_rollup_delta as (${attributes})`))
}

/** A table's row function: the deltas of one row, one a moment (NULL moments are dropped where added). */
function rowDeltas(table: string, source: Source): string {
  const alias = source.parameters.split(' ')[0] as string
  const moments = momentsOf(table, alias)
  if (moments.length === 0) moments.push({ at: 'NULL::timestamptz', figures: [] })
  if (moments.length > 1 && !source.many)
    throw new Error(
      `${table}: figures at ${moments.map((m) => m.at).join(', ')}; its fold keeps one moment a row`,
    )
  const each = moments.map(
    ({ at, figures }) =>
      `SELECT ROW(${at}, ${source.keys.join(', ')}, ${list((column) => rowValue(column, figures))})::vod_rollup_delta${source.many ? `\n  WHERE ${at} IS NOT NULL` : ''}`,
  )
  return `-- What one row of ${table} adds (sign 1) or takes away (-1), a delta a moment it counts at.
CREATE OR REPLACE FUNCTION ${source.delta}(${source.parameters})
RETURNS ${source.many ? 'SETOF ' : ''}vod_rollup_delta LANGUAGE sql IMMUTABLE AS $$
  ${each.join('\n  UNION ALL\n  ')}
$$`
}

/** Visits summed per quarter-hour and key: what visits add (sign 1) or take away (-1). */
function visitsDeltas(): string {
  const moments = momentsOf(VISITS.table, VISITS.alias)
  if (moments.length > 1) throw new Error('visits: their figures are kept at one moment, visited_at')
  const [{ at, figures } = { at: 'visit.visited_at', figures: [] }] = moments
  const summed = (column: Column) =>
    figures.includes(column) ? `sign * ${groupValue(column, figures)}` : `0::${column.type}`
  return `-- What visits add (sign 1) or take away (-1), summed per quarter-hour and key (their visitors are counted
-- apart, vod_visitors_add).
CREATE OR REPLACE FUNCTION vod_visits_deltas(visit_rows visits[], sign integer) RETURNS SETOF vod_rollup_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT ${quarterOf(at)}, ${visitKeys.join(', ')}, ${list(summed)}
  FROM unnest(visit_rows) visit
  WHERE ${at} IS NOT NULL
  GROUP BY ${quarterOf(at)}, visit.channel_id, visit.campaign_id, visit.device
$$`
}

/** Deltas summed per quarter-hour and key, from `from`, as delta rows (`key` reads a key or figure). */
const summedDeltas = (from: string, where = '(delta).moment IS NOT NULL') => `SELECT ROW(
      ${quarterOf('(delta).moment')}, (delta).channel_id, (delta).campaign_id, (delta).plan_id, (delta).device,
      ${list((column) => `sum((delta).${column.name})`)})::vod_rollup_delta
    FROM ${from}
    WHERE ${where}
    GROUP BY ${quarterOf('(delta).moment')}, (delta).channel_id, (delta).campaign_id, (delta).plan_id, (delta).device`

function deltasSummed(): string {
  return `-- Deltas summed per quarter-hour and finest key: many rows' deltas are a few for the rollups.
CREATE OR REPLACE FUNCTION vod_deltas_summed(deltas vod_rollup_delta[]) RETURNS vod_rollup_delta[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY(${summedDeltas('unnest(deltas) delta')})
$$`
}

function enqueue(): string {
  return `-- A correction's deltas appended to figure_queue, summed by quarter-hour (figure-corrections.sql; the fold
-- moves them into the rollups).
CREATE OR REPLACE FUNCTION vod_figures_enqueue(deltas vod_rollup_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO figure_queue (bucket, channel_id, campaign_id, plan_id, device, ${list((column) => column.name)})
  SELECT (summed).moment, (summed).channel_id, (summed).campaign_id, (summed).plan_id, (summed).device,
    ${list((column) => `(summed).${column.name}`)}
  FROM unnest(vod_deltas_summed(deltas)) summed;
END
$$`
}

function levels(): string {
  return `-- The seven levels each delta is kept at (all; channel; channel and campaign; plan; channel and plan; device;
-- channel and device): its keys, -1 or '*' being "all" in a dimension the level leaves out, and none of the
-- plan or device levels for a delta without a plan or device.
CREATE OR REPLACE FUNCTION vod_rollup_levels(deltas vod_rollup_delta[]) RETURNS SETOF vod_rollup_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT delta.moment, level.channel_id, level.campaign_id, level.plan_id, level.device,
    ${list((column) => `delta.${column.name}`)}
  FROM unnest(deltas) AS delta
  CROSS JOIN LATERAL (VALUES
    (-1, -1, -1, '*'),
    (coalesce(delta.channel_id, 0), -1, -1, '*'),
    (coalesce(delta.channel_id, 0), coalesce(delta.campaign_id, 0), -1, '*'),
    (-1, -1, delta.plan_id, '*'),
    (coalesce(delta.channel_id, 0), -1, delta.plan_id, '*'),
    (-1, -1, -1, delta.device),
    (coalesce(delta.channel_id, 0), -1, -1, delta.device)
  ) AS level(channel_id, campaign_id, plan_id, device)
  WHERE delta.moment IS NOT NULL AND level.plan_id IS NOT NULL AND level.device IS NOT NULL
$$`
}

/** A rollup table's add: leveled deltas summed per row of `table` (dated by `dated`) and added to it. */
interface Rollup {
  name: string
  table: string
  parameters: string
  timeColumn: string
  dated: string
  what: string
}

const rollups: Rollup[] = [
  {
    name: 'vod_rollup_quarters_add',
    table: 'rollup_quarters',
    parameters: 'leveled vod_rollup_delta[]',
    timeColumn: 'bucket',
    dated: quarterOf('moment'),
    what: 'their quarter-hours',
  },
  {
    name: 'vod_rollup_days_add',
    table: 'rollup_days',
    parameters: 'leveled vod_rollup_delta[]',
    timeColumn: 'day',
    dated: "(moment AT TIME ZONE 'UTC')::date",
    what: 'their UTC days',
  },
  {
    name: 'vod_rollup_zone_days_add',
    table: 'rollup_zone_days',
    parameters: 'leveled vod_rollup_delta[], kept_zone text',
    timeColumn: 'day',
    dated: '(moment AT TIME ZONE kept_zone)::date',
    what: 'their business days in the kept zone',
  },
  {
    name: 'vod_rollup_months_add',
    table: 'rollup_months',
    parameters: 'leveled vod_rollup_delta[], kept_zone text',
    timeColumn: 'month',
    dated: "date_trunc('month', moment AT TIME ZONE kept_zone)::date",
    what: 'their business months in the kept zone',
  },
]

function rollupAdd({ name, table, parameters, timeColumn, dated, what }: Rollup): string {
  const keys = `channel_id, campaign_id, plan_id, device, ${timeColumn}`
  return `-- Leveled deltas (vod_rollup_merge) added to ${what}, rows in key order.
CREATE OR REPLACE FUNCTION ${name}(${parameters}) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ${table} AS kept (${keys}, ${list((column) => column.name)})
  SELECT channel_id, campaign_id, plan_id, device, ${dated}, ${list((column) => `sum(${column.name})`)}
  FROM unnest(leveled) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (${keys}) DO UPDATE SET
    ${list((column) => `${column.name} = kept.${column.name} + excluded.${column.name}`)};
END
$$`
}

function restatementsNote(): string {
  const each = columns
    .map((column) => `('${column.figure}', '${column.table}', summed.${column.name}::numeric)`)
    .join(',\n      ')
  return `-- The leveled deltas dated in a closed month (before \`closed_before\`), summed by month of the kept zone and
-- level (the device levels left out: nothing reads restatements by device) before each figure is told apart
-- (a row a month and level, not a row a delta and figure), and noted in figure_restatements with the member
-- site's table, by minute.
CREATE OR REPLACE FUNCTION vod_restatements_note(leveled vod_rollup_delta[], kept_zone text, closed_before timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO figure_restatements AS noted
    (month, channel_id, campaign_id, plan_id, device, figure, source, change, noted_at)
  SELECT summed.month, summed.channel_id, summed.campaign_id, summed.plan_id, summed.device, kept.figure,
    kept.source, kept.change, date_trunc('minute', now())
  FROM (
    SELECT date_trunc('month', delta.moment AT TIME ZONE kept_zone)::date AS month, delta.channel_id,
      delta.campaign_id, delta.plan_id, delta.device, ${list((column) => `sum(delta.${column.name}) AS ${column.name}`)}
    FROM unnest(leveled) delta WHERE delta.moment < closed_before AND delta.device = '*'
    GROUP BY 1, 2, 3, 4, 5
  ) summed
  CROSS JOIN LATERAL (VALUES
      ${each}
    ) AS kept (figure, source, change)
  WHERE kept.change <> 0 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (month, channel_id, campaign_id, plan_id, device, figure, noted_at)
  DO UPDATE SET change = noted.change + excluded.change;
END
$$`
}

function foldQueue(): string {
  return `-- At most \`batch\` rows of figure_queue taken out and merged, summed by quarter-hour and key; how many.
CREATE OR REPLACE FUNCTION vod_fold_queue(batch integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  deltas vod_rollup_delta[];
  taken bigint;
BEGIN
  WITH gone AS (
    DELETE FROM figure_queue WHERE ctid = ANY (ARRAY(SELECT ctid FROM figure_queue LIMIT batch)) RETURNING *
  )
  SELECT count(*), ARRAY(SELECT ROW(bucket, channel_id, campaign_id, plan_id, device,
      ${list((column) => column.name)})::vod_rollup_delta FROM gone)
  INTO taken, deltas FROM gone;
  IF taken > 0 THEN PERFORM vod_rollup_merge(vod_deltas_summed(deltas)); END IF;
  RETURN taken;
END
$$`
}

function foldTail(): string {
  return `-- One more table's tail: at most \`batch\` new rows' deltas (vod_tail_deltas) summed per quarter-hour and key
-- and merged; whether more are left. Only then is the table read at all (a fold never waits on a lock on it
-- for nothing).
CREATE OR REPLACE FUNCTION vod_fold_tail(source text, batch integer) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  tail vod_tail := vod_tail_open(source, batch);
  added_ids bigint[] := '{}';
  deltas vod_rollup_delta[];
BEGIN
  IF tail.to_id > tail.from_id OR cardinality(tail.gap_ids) > 0 THEN
    WITH unfolded AS MATERIALIZED (SELECT * FROM vod_tail_deltas(source, tail.from_id, tail.to_id, tail.gap_ids))
    SELECT ARRAY(SELECT DISTINCT unfolded.id FROM unfolded), ARRAY(${summedDeltas('unfolded')})
    INTO added_ids, deltas;
    IF cardinality(deltas) > 0 THEN PERFORM vod_rollup_merge(deltas); END IF;
  END IF;
  PERFORM vod_tail_close(tail, added_ids);
  RETURN tail.to_id < tail.top_id;
END
$$`
}

/** The row functions' calls by vod_tail_deltas, a source's row being `unfolded.source_row`. */
function tailDeltas(): string {
  const call = (table: string, source: Source) => {
    const row = 'unfolded.source_row'
    const made =
      table === 'order_events'
        ? `SELECT ${source.delta}(${row}, purchase, 1) FROM orders purchase WHERE purchase.id = (${row}).order_id`
        : source.many
          ? `SELECT each_delta FROM ${source.delta}(${row}, 1) each_delta`
          : `SELECT ${source.delta}(${row}, 1)`
    return `      WHEN '${table}' THEN '${made.replaceAll("'", "''")}'`
  }
  return `-- What a tail's rows with ids in (after, upto] or among \`gap_ids\` add to the figures, each row's id with each
-- of its deltas (once, with none, if it adds nothing yet: an order not paid), read in one statement.
CREATE OR REPLACE FUNCTION vod_tail_deltas(tail_source text, after bigint, upto bigint, gap_ids bigint[])
RETURNS TABLE (id bigint, delta vod_rollup_delta) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'SELECT (unfolded.source_row).id::bigint, added.delta
     FROM (SELECT source_row FROM %1$I source_row WHERE source_row.id > $1 AND source_row.id <= $2
       UNION ALL SELECT source_row FROM %1$I source_row WHERE source_row.id = ANY ($3)) unfolded
     LEFT JOIN LATERAL (%2$s) added(delta) ON (added.delta).moment IS NOT NULL',
    tail_source, CASE tail_source
${Object.entries(sources)
  .map(([table, source]) => call(table, source))
  .join('\n')}
    END) USING after, upto, gap_ids;
END
$$`
}

function pending(): string {
  return `-- What is written but not yet in the rollups, for a rebuild to leave to the fold: the queue, and the tails'
-- unfolded rows.
CREATE OR REPLACE FUNCTION vod_rollup_pending() RETURNS SETOF vod_rollup_delta LANGUAGE sql STABLE AS $$
  SELECT bucket, channel_id, campaign_id, plan_id, device, ${list((column) => column.name)}
  FROM figure_queue
  UNION ALL
  SELECT visit_delta.* FROM vod_visits_deltas(ARRAY(SELECT visit FROM vod_visits_unfolded() visit), 1) visit_delta
  UNION ALL
  SELECT (unfolded.delta).*
  FROM unnest(ARRAY[${Object.keys(sources)
    .map((table) => `'${table}'`)
    .join(', ')}]) source, vod_tail_state(source) tail_state,
    vod_tail_deltas(source, tail_state.folded, 9223372036854775807, tail_state.gaps) unfolded
  WHERE (unfolded.delta).moment IS NOT NULL
$$`
}

/** The rebuild's sums of one table's rows at one moment, per quarter-hour and finest key. */
function momentSums(table: string, alias: string, keys: readonly string[], join = '', where = 'true') {
  return momentsOf(table, alias).map(
    ({ at, figures }) => `SELECT ${quarterOf(at)}, ${keys.join(', ')},
      ${list((column) => groupValue(column, figures))}
    FROM ${table} ${alias} ${join} WHERE ${at} IS NOT NULL AND ${where} GROUP BY 1, 2, 3, 4, 5`,
  )
}

function prunedColumns(): string {
  const pruned = columns.filter((column) => column.table === VISITS.table).map((column) => `'${column.name}'`)
  return `-- The kept figures of visits, whose rows retention deletes while their figures stay (the rebuild leaves them).
CREATE OR REPLACE FUNCTION vod_pruned_columns() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[${pruned.join(', ')}]::text[]
$$`
}

function rebuildSources(): string {
  const branches = [
    ...Object.entries(sources).flatMap(([table, source]) =>
      momentSums(table, source.parameters.split(' ')[0] as string, source.keys, source.join),
    ),
    // Visits before the retention's horizon are gone (or going): their quarter-hours keep what they hold.
    ...momentSums(
      VISITS.table,
      VISITS.alias,
      visitKeys,
      '',
      `${VISITS.alias}.visited_at >= vod_visits_pruned_before()`,
    ),
    `SELECT ${quarterOf('pending.moment')}, pending.channel_id, pending.campaign_id, pending.plan_id,
      pending.device, ${list((column) => `-pending.${column.name}`)}
    FROM vod_rollup_pending() pending`,
  ]
  return `-- Each raw source summed per quarter-hour and finest key (no channel or campaign: 0), less what is written
-- but not yet folded (vod_rollup_pending: the fold adds it later).
CREATE OR REPLACE FUNCTION vod_rollup_sources() RETURNS SETOF vod_rollup_delta LANGUAGE sql STABLE AS $$
  SELECT bucket, coalesce(channel_id, 0), coalesce(campaign_id, 0), plan_id, device,
    ${list((column) => `sum(${column.name})::${column.type}`)}
  FROM (
    ${branches.join('\n    UNION ALL\n    ')}
  ) AS sources (bucket, channel_id, campaign_id, plan_id, device, ${list((column) => column.name)})
  GROUP BY 1, 2, 3, 4, 5
$$`
}

/** Every kept figure's table has its row function here, or the fold would leave it out. */
function checkSourced() {
  for (const column of columns)
    if (!(column.table in sources) && column.table !== VISITS.table)
      throw new Error(
        `${column.name}: no fold for rows of ${column.table} (server/src/db/kept-figures.ts sources)`,
      )
}

/** The text of KEPT_FIGURES_FILE: every statement, each ended and separated as in the other live SQL files. */
export function keptFiguresSql(): string {
  checkSourced()
  const statements = [
    datable(),
    prunedColumns(),
    ...Object.entries(sources).map(([table, source]) => rowDeltas(table, source)),
    visitsDeltas(),
    deltasSummed(),
    enqueue(),
    levels(),
    ...rollups.map(rollupAdd),
    restatementsNote(),
    foldQueue(),
    foldTail(),
    tailDeltas(),
    pending(),
    rebuildSources(),
  ]
  return `-- Written from the figure registry (contract/src/figures.ts) by server/src/db/kept-figures.ts: do not edit,
-- run \`npx tsx scripts/kept-figures-sql.ts\` (server/test/figure-registry.test.ts fails while this is stale).
-- The SQL that names every kept figure's column; the other files here call it by name.

${statements.map((statement) => `${statement};`).join('\n--> statement-breakpoint\n')}
`
}
