import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.ts'
import { foldFigures } from '../../src/modules/analytics/keeping/index.ts'
import { syncBusinessZone, syncZoneDays } from '../../src/modules/analytics/upkeep.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

/**
 * Visitors of a period are the distinct visitors of the whole period (docs/analytics.md "Visitors of a
 * period"): exact while its days' and months' hashes are few, else estimated within 2% (HyperLogLog,
 * migration 0028), for every level a caller reads: all channels, one, a channel admin's two, a campaign. The
 * same visitors come back day after day, so the days' distinct visitors summed are several times the
 * period's.
 */
describeEachEngine('distinct visitors of the whole period', (engine) => {
  let t: TestApp
  let token: string
  let channels: [number, number]
  let campaign: number
  const start = '2026-02-10'
  const end = '2026-03-21'
  const period = `start_date=${start}&end_date=${end}`

  /** count(distinct visitor) over the period's business days (UTC), narrowed by a condition on v. */
  const exact = async (where = 'true') => {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql.raw(`select count(distinct visitor)::int as n from visits v
        where (visited_at at time zone 'UTC')::date between '${start}' and '${end}' and ${where}`),
    )
    return row?.n ?? 0
  }
  const get = async (path: string, as = token) => {
    const res = await t.request(path, { token: as })
    expect(res.status, path).toBe(200)
    return res.body
  }
  /** Within 2% of the exact count (exact where the period's hashes are few: the small campaign below). */
  const near = (answered: number, want: number, label: string) =>
    expect(Math.abs(answered - want) / want, `${label}: ${answered} for ${want}`).toBeLessThan(0.02)

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    await syncBusinessZone(t.db, 'UTC')
    await syncZoneDays(t.db, 'UTC')
    const rows = await queryRows<{ id: number }>(
      t.db,
      sql`insert into channels (utm_source, type) values ('search', 'advertising'), ('partner', 'affiliate') returning id`,
    )
    channels = rows.map((r) => r.id) as [number, number]
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into campaigns (channel_id, name) values (${channels[0]}, 'spring') returning id`,
    )
    campaign = row?.id as number
    // 3,000 visitors, each back on many of the 40 days: the first 2,000 through the first channel (a third of
    // those in its campaign), the rest through the second; 60 of them through both; a small campaign of 40.
    await t.db.execute(sql`insert into visits (visitor, device, channel_id, campaign_id, visited_at)
      select 'member-' || v, 'mobile',
        case when v < 2000 or (v >= 2940 and i % 2 = 0) then ${channels[0]}::int else ${channels[1]}::int end,
        case when v < 2000 and v % 3 = 0 then ${campaign}::int end,
        ${start}::timestamptz + ((i * 7 + v) % 40) * interval '1 day' + (v % 1440) * interval '1 minute'
      from generate_series(0, 2999) v, generate_series(0, 5) i`)
    await foldFigures(t.db)
  })
  afterAll(() => t?.close())

  it('counts each visitor once over the period, however many days it came back', async () => {
    const want = await exact()
    expect(want).toBe(3000)
    const [summed] = await queryRows<{ n: number }>(
      t.db,
      sql`select sum(visitors)::int as n from visitor_day_counts
        where channel_id = -1 and campaign_id = -1 and day between ${start}::date and ${end}::date`,
    )
    expect(summed?.n).toBeGreaterThan(want * 4)
    const statistic = await get(`/api/analytics/channel/periodStatistic?${period}`)
    near(statistic.data.current.visitors, want, 'periodStatistic')
    const records = await get(`/api/analytics/data/daily?${period}`)
    near(records.meta.totals.visitors, want, 'daily totals')
    expect(records.meta.totals.conversion).toBe('0.0000')
  })

  it('counts each channel, a campaign and a small campaign over the period', async () => {
    const [search, partner] = channels
    const pie = await get(`/api/analytics/channel/revenuePieChart?${period}`)
    for (const channel of channels) {
      const row = pie.data.find((r: Json) => r.channel_id === channel)
      near(row.visitors, await exact(`channel_id = ${channel}`), `channel ${channel}`)
    }
    const referrals = await get(`/api/analytics/channel/${search}/subscriptionReferrals?${period}`)
    const spring = referrals.data.find((r: Json) => r.campaign_id === campaign)
    near(spring.visitors, await exact(`campaign_id = ${campaign}`), 'campaign')
    // 40 visitors of the partner channel alone in March's first week: exact, from the days' hashes.
    const week = await get(
      `/api/analytics/channel/${partner}/records?start_date=2026-03-01&end_date=2026-03-07`,
    )
    const [few] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(distinct visitor)::int as n from visits where channel_id = ${partner}
        and visited_at >= '2026-03-01' and visited_at < '2026-03-08'`,
    )
    expect(few?.n).toBeGreaterThan(0)
    expect(week.meta.totals.visitors).toBe(few?.n)
  })

  it("counts a visitor of both of a channel admin's channels once", async () => {
    const admin = await t.createAdmin(['list-daily-channel'])
    for (const channel of channels)
      await t.request(`/api/channels/${channel}/admins`, {
        method: 'POST',
        token,
        body: { admin_id: admin.id },
      })
    const records = await get(`/api/analytics/channel/records?${period}`, admin.token)
    const both = await exact(`channel_id in (${channels.join(',')})`)
    near(records.meta.totals.visitors, both, "a channel admin's two channels")
  })

  it("counts a day's visitors exactly up to 1,024 and within 2% past them, as the fold keeps them", async () => {
    // Two days outside the period: 3,000 visitors on one, in three statements folded apart, and 700 on the next.
    for (const part of [0, 1, 2]) {
      await t.db.execute(sql`insert into visits (visitor, device, visited_at)
        select 'day-' || (v % 3000), 'mobile', '2026-01-05T08:00:00Z'::timestamptz + v * interval '1 second'
        from generate_series(${part * 1500}::int, ${part * 1500 + 1499}::int) v`)
      await foldFigures(t.db)
    }
    await t.db.execute(sql`insert into visits (visitor, device, visited_at)
      select 'day-' || v, 'mobile', '2026-01-06T08:00:00Z'::timestamptz from generate_series(1, 700) v`)
    await foldFigures(t.db)
    const dayOf = async (day: string) =>
      (await get(`/api/analytics/channel/periodStatistic?start_date=${day}&end_date=${day}`)).data.current
        .visitors
    near(await dayOf('2026-01-05'), 3000, 'a day of 3,000 visitors')
    expect(await dayOf('2026-01-06')).toBe(700)
  })

  it.each([1_500, 12_000, 100_000])('estimates %i distinct visitors within 2%', async (n) => {
    const [row] = await queryRows<{ estimate: number }>(
      t.db,
      sql`select vod_hll_estimate(array_agg(bit_count(p.bits)::integer order by p.plane)) as estimate
        from vod_visitor_planes_of('unnest($1)', array(select row(-1, -1, '2026-01-01'::date, 'visitor ' || i)::vod_visitor_day
          from generate_series(1, ${n}) i)) p`,
    )
    expect(Math.abs(Number(row?.estimate) - n) / n).toBeLessThan(0.02)
  })

  it('counts the period again in another zone, from the recounted days', async () => {
    expect(await syncBusinessZone(t.db, 'Asia/Kolkata')).toBe(true)
    await syncZoneDays(t.db, 'Asia/Kolkata')
    await foldFigures(t.db)
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(distinct visitor)::int as n from visits
        where (visited_at at time zone 'Asia/Kolkata')::date between ${start}::date and ${end}::date`,
    )
    const statistic = await get(`/api/analytics/channel/periodStatistic?${period}`)
    expect(statistic.data.current.visitors).not.toBe(0)
    near(statistic.data.current.visitors, row?.n ?? 0, 'Asia/Kolkata')
  })
})
