import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { buildApp } from '../src/app.ts'
import type { Db } from '../src/db/client.ts'
import { auditLogs } from '../src/db/schema/index.ts'
import { pruneAuditLogs } from '../src/lib/audit-retention.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'
import { startTestApp, type TestApp } from './support/harness.ts'

const RESOURCE = 'retention-test'

/** `count` audit rows created `daysAgo` days before now. */
async function addRows(db: Db, daysAgo: number, count = 1) {
  await db.execute(sql`
    insert into audit_logs (resource, action, created_at)
    select ${RESOURCE}, ${`aged-${daysAgo}`}, now() - make_interval(days => ${daysAgo})
    from generate_series(1, ${count})`)
}

async function actionsLeft(db: Db): Promise<string[]> {
  const rows = await db
    .select({ action: auditLogs.action })
    .from(auditLogs)
    .where(eq(auditLogs.resource, RESOURCE))
  return [...new Set(rows.map((row) => row.action))].sort()
}

/** A second app on the same database and config, as after a restart. */
function restart(t: TestApp): Promise<FastifyInstance> {
  return buildApp({ config: t.config, db: t.db, logger: t.app.log })
}

describeEachEngine('audit retention', (engine) => {
  describe('pruneAuditLogs', () => {
    let test: TestDatabase
    beforeAll(async () => {
      test = await createTestDatabase(engine)
    })
    afterAll(() => test?.drop())

    it('deletes rows older than the retention, in batches, and keeps everything with 0', async () => {
      const { db } = test.database
      // More than two batches of old rows, so the loop must go round.
      await addRows(db, 400, 12_001)
      await addRows(db, 366)
      await addRows(db, 364)
      await addRows(db, 0)

      expect(await pruneAuditLogs(db, 0)).toBe(0)
      expect(await actionsLeft(db)).toEqual(['aged-0', 'aged-364', 'aged-366', 'aged-400'])

      expect(await pruneAuditLogs(db, 365)).toBe(12_002)
      expect(await actionsLeft(db)).toEqual(['aged-0', 'aged-364'])
      expect(await pruneAuditLogs(db, 365)).toBe(0)

      // The cutoff is counted from `now`: a week later, the 364-day-old row is past a year.
      const weekLater = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000)
      expect(await pruneAuditLogs(db, 365, weekLater)).toBe(1)
      expect(await actionsLeft(db)).toEqual(['aged-0'])
    })
  })

  describe('the running server', () => {
    it('prunes at start with AUDIT_RETENTION_DAYS, and keeps every row with 0', async () => {
      const pruning = await startTestApp(engine, { env: { AUDIT_RETENTION_DAYS: '30' } })
      try {
        await addRows(pruning.db, 31)
        await addRows(pruning.db, 29)
        // Rows added after start wait for the next daily run; a restart on the same data prunes them.
        const restarted = await restart(pruning)
        await restarted.ready()
        await vi.waitFor(async () => expect(await actionsLeft(pruning.db)).toEqual(['aged-29']), {
          timeout: scaled(30_000),
        })
        await restarted.close()
      } finally {
        await pruning.close()
      }

      const keeping = await startTestApp(engine, { env: { AUDIT_RETENTION_DAYS: '0' } })
      try {
        await addRows(keeping.db, 4000)
        const restarted = await restart(keeping)
        await restarted.ready()
        await restarted.close()
        expect(await actionsLeft(keeping.db)).toEqual(['aged-4000'])
      } finally {
        await keeping.close()
      }
    })
  })
})
