import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.ts'
import { syncBusinessZone, syncZoneDays } from '../../src/modules/analytics/upkeep.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/**
 * A zone change counts the visitors of every day that holds kept visits again (docs/analytics.md,
 * vod_visitors_recount, migration 0026), the oldest one too: it used to begin the day after, so the oldest
 * day kept the old zone's counts (a channel on 31 October 2025 in New York: 0 visitors, not 1).
 */
describeEachEngine('visitors counted again after a zone change', (engine) => {
  let t: TestApp
  let channel: number

  /** Whatever the member site's writes queued, in the figures (migration 0027's folding, where it is). */
  const folded = () =>
    t.db.execute(sql`do $$ begin
      if to_regprocedure('vod_figures_fold(boolean)') is not null then perform vod_figures_fold(true); end if;
    end $$`)

  beforeAll(async () => {
    t = await startTestApp(engine)
    await syncBusinessZone(t.db, 'UTC')
    await syncZoneDays(t.db, 'UTC')
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into channels (utm_source, type) values ('partner-x', 'affiliate') returning id`,
    )
    channel = row?.id as number
    // The oldest kept visits fall on 1 November in UTC and on 31 October in New York.
    await t.db.execute(sql`insert into visits (visitor, device, channel_id, visited_at) values
      ('a', 'mobile', ${channel}, '2025-11-01T02:00:00Z'),
      ('b', 'desktop', null, '2025-11-01T03:30:00Z'),
      ('a', 'mobile', ${channel}, '2025-11-01T13:00:00Z'),
      ('c', 'tablet', ${channel}, '2025-11-02T15:00:00Z'),
      ('a', 'mobile', ${channel}, '2025-11-03T04:59:00Z')`)
    await folded()
  })
  afterAll(() => t?.close())

  it('counts every day that holds kept visits in the new zone, the oldest one too', async () => {
    expect(await syncBusinessZone(t.db, 'America/New_York')).toBe(true)
    await folded()
    const counted = await queryRows<{
      channel_id: number
      campaign_id: number
      day: string
      visitors: number
    }>(
      t.db,
      sql`select channel_id, campaign_id, day::text as day, visitors from visitor_day_counts
        where visitors <> 0 order by 1, 2, 3`,
    )
    const raw = await queryRows<{ channel_id: number; campaign_id: number; day: string; visitors: number }>(
      t.db,
      sql`select l.c as channel_id, l.m as campaign_id, (v.visited_at at time zone 'America/New_York')::date::text as day,
          count(distinct v.visitor)::int as visitors
        from visits v cross join lateral (values (-1, -1), (coalesce(v.channel_id, 0), -1),
          (coalesce(v.channel_id, 0), coalesce(v.campaign_id, 0))) as l(c, m)
        group by 1, 2, 3 order by 1, 2, 3`,
    )
    expect(raw).toContainEqual({ channel_id: channel, campaign_id: -1, day: '2025-10-31', visitors: 1 })
    expect(raw).toContainEqual({ channel_id: -1, campaign_id: -1, day: '2025-10-31', visitors: 2 })
    expect(counted).toEqual(raw)
    const months = await queryRows<{ channel_id: number; month: string; visitors: number }>(
      t.db,
      sql`select channel_id, month::text as month, visitors from visitor_month_counts
        where campaign_id = -1 and channel_id in (-1, ${channel}) and visitors <> 0 order by 1, 2`,
    )
    // A month's visitors: its days' summed (docs/analytics.md "Definitions").
    expect(months).toEqual(
      [
        { channel_id: -1, month: '2025-10-01', visitors: 2 },
        { channel_id: -1, month: '2025-11-01', visitors: 3 },
        { channel_id: channel, month: '2025-10-01', visitors: 1 },
        { channel_id: channel, month: '2025-11-01', visitors: 3 },
      ].sort((x, y) => x.channel_id - y.channel_id || x.month.localeCompare(y.month)),
    )
    // Visits after the change are counted in the new zone, a visitor already counted that day not again.
    await t.db.execute(
      sql`insert into visits (visitor, device, channel_id, visited_at) values ('c', 'tablet', ${channel}, '2025-11-02T20:00:00Z'), ('d', 'mobile', ${channel}, '2025-11-02T21:00:00Z')`,
    )
    await folded()
    const [day] = await queryRows<{ visitors: number }>(
      t.db,
      sql`select visitors from visitor_day_counts where channel_id = ${channel} and campaign_id = -1 and day = '2025-11-02'`,
    )
    expect(day?.visitors).toBe(3)
  })
})
