import { inArray, lt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { auditLogs } from '../db/schema/index.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** Rows deleted per statement: a first prune of years of rows never holds one long transaction. */
const BATCH = 5000

/**
 * Deletes the audit rows older than `retentionDays` (AUDIT_RETENTION_DAYS; 0 keeps every row) and answers
 * how many went. Each batch finds its rows through the created_at index.
 */
export async function pruneAuditLogs(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  if (retentionDays <= 0) return 0
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS)
  let total = 0
  for (;;) {
    const batch = db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(lt(auditLogs.createdAt, cutoff))
      .limit(BATCH)
    const gone = await db
      .delete(auditLogs)
      .where(inArray(auditLogs.id, batch))
      .returning({ id: auditLogs.id })
    total += gone.length
    if (gone.length < BATCH) return total
  }
}

/**
 * Prunes once the app is ready, then once a day. The timer never keeps the process alive and stops on
 * close, which also waits for a prune under way, so the database is not closed beneath it. Every process
 * sharing a database prunes; deleting rows another process deleted already is harmless.
 */
export function scheduleAuditPruning(app: FastifyInstance, db: Db, retentionDays: number): void {
  if (retentionDays <= 0) return
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  const run = () => {
    // A prune still going (a slow first one) is not joined by another.
    running ??= pruneAuditLogs(db, retentionDays)
      .then((count) => {
        if (count > 0) app.log.info({ count, retentionDays }, 'pruned old audit rows')
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'could not prune old audit rows'))
      .finally(() => {
        running = undefined
      })
  }

  app.addHook('onReady', async () => {
    run()
    timer = setInterval(run, DAY_MS).unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
