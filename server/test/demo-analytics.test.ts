import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.ts'
import { seedDemoAnalytics } from '../src/db/demo-analytics.ts'
import { seedDemoCommerce } from '../src/db/demo-commerce.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'

/** Issue 68, item 8: a channel admin's months of demo orders have demo visits beside them. */
describeEachEngine('analytics demo data', (engine) => {
  let t: TestDatabase
  beforeEach(async () => {
    t = await createTestDatabase(engine)
  })
  afterEach(() => t.drop())

  it('gives each channel and campaign visits in every month it has orders', async () => {
    // The visits are dated back from the database's clock, so the orders are too.
    await seedDemoCommerce(t.database.db, { today: new Date() })
    expect(await seedDemoAnalytics(t.database.db)).toBeGreaterThan(0)
    const months = (column: 'channel_id' | 'campaign_id') =>
      queryRows<{ id: number; month: string; orders: number; visits: number }>(
        t.database.db,
        sql`select m.id, to_char(m.month, 'YYYY-MM') as month, m.orders,
              (select count(*)::integer from visits v where v.${sql.raw(column)} = m.id
                and v.visited_at >= m.month and v.visited_at < m.month + interval '1 month') as visits
            from (select ${sql.raw(column)} as id, date_trunc('month', paid_at) as month, count(*)::integer as orders
                  from orders where ${sql.raw(column)} is not null and paid_at < now() - interval '1 hour'
                  group by 1, 2) m
            order by 1, 2`,
      )
    for (const column of ['channel_id', 'campaign_id'] as const) {
      const rows = await months(column)
      // The demo's year of orders reaches over many months and several channels and campaigns.
      expect(new Set(rows.map((row) => row.month)).size).toBeGreaterThan(10)
      expect(new Set(rows.map((row) => row.id)).size).toBeGreaterThan(1)
      expect(rows.filter((row) => row.visits === 0)).toEqual([])
    }
    // The visits are spread over the channels and campaigns, not all through one.
    const [shares] = await queryRows<{ spread: number }>(
      t.database.db,
      sql`select count(distinct (channel_id, campaign_id))::integer as spread from visits`,
    )
    expect(shares?.spread).toBeGreaterThan(2)
  })
})
