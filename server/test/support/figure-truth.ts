import type pg from 'pg'
import { undatable } from '../../src/db/datable.ts'

/**
 * The figures as kept and as the raw rows give them, for the tests that compare the two (figure-fold.test.ts,
 * figure-stream.test.ts): the rollups as rows of text to compare whole (quarter-hours and months; rebuilt from
 * the rows by vod_rollup_rebuild), and each business day's distinct visitors, kept and counted from the visits
 * (the servers count business days in UTC), of the moments a business day holds (datable.ts).
 */
export const ROLLUPS = `
  select 'q' as t, channel_id, campaign_id, plan_id, device, bucket::text as at, orders, gross::text, fees::text,
    refund_count, refunds::text, chargeback_count, chargebacks::text, signups, subscriptions, cancellations, visits
  from rollup_quarters
  where (orders, gross, refund_count, chargeback_count, signups, subscriptions, cancellations, visits) <> (0, 0, 0, 0, 0, 0, 0, 0)
  union all
  select 'm', channel_id, campaign_id, plan_id, device, month::text, orders, gross::text, fees::text, refund_count,
    refunds::text, chargeback_count, chargebacks::text, signups, subscriptions, cancellations, visits
  from rollup_months
  where (orders, gross, refund_count, chargeback_count, signups, subscriptions, cancellations, visits) <> (0, 0, 0, 0, 0, 0, 0, 0)
  order by 1, 2, 3, 4, 5, 6`

/**
 * Whether the figures hold what committed up to `$1`: the stream's position past it and, unless `$2` asks for
 * that commit alone, no streamed transaction committed before it still being applied and no corrected day's
 * visitors waiting to be counted again.
 */
export const HELD_AT = `select bool_or(lsn >= $1::pg_lsn)
    and ($2 or not exists (select 1 from figure_stream_applying where commit_lsn < $1::pg_lsn)
      and not exists (select 1 from visitor_days_stale)) as done
  from figure_stream`

export const VISITOR_COUNTS = `select channel_id, campaign_id, day::text, visitors from visitor_day_counts
  where visitors <> 0 order by 1, 2, 3`

export const RAW_VISITORS = `with v as (select (visited_at at time zone 'UTC')::date::text as day, coalesce(channel_id, 0) as c,
    coalesce(campaign_id, 0) as m, visitor from visits where not ${undatable('visited_at')})
  select -1 as channel_id, -1 as campaign_id, day, count(distinct visitor)::int as visitors from v group by 3
  union all select c, -1, day, count(distinct visitor)::int from v group by 1, 3
  union all select c, m, day, count(distinct visitor)::int from v group by 1, 2, 3
  order by 1, 2, 3`

/**
 * The rollups as kept, and as `vod_rollup_rebuild` builds them again from the rows, in a transaction of
 * `client` rolled back after (the figures stay as they were).
 */
export async function keptAndRebuilt(
  client: pg.ClientBase,
): Promise<{ kept: unknown[]; rebuilt: unknown[] }> {
  await client.query('begin')
  try {
    const kept = (await client.query(ROLLUPS)).rows
    await client.query('select vod_rollup_rebuild()')
    return { kept, rebuilt: (await client.query(ROLLUPS)).rows }
  } finally {
    await client.query('rollback')
  }
}
