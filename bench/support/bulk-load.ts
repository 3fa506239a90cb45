import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../server/src/db/client.ts'
import { queryRows } from '../../server/src/db/client.ts'

/**
 * Loads many rows into `table` the way a restore does: its secondary indexes are dropped and built again
 * after (one sort each, instead of ten million insertions each), and foreign-key triggers are skipped (the
 * loader's ids are right by construction). The figures' tails pass the loaded rows, as after a restore
 * (docs/analytics.md "Loading": the rebuild counts them, where a bench needs the figures): left to the
 * server's fold, ten million orders kept one of the two cores busy under every list case measured. Then the
 * table is analysed. Answers the seconds it took.
 */
export async function bulkLoad(db: Db, table: string, insert: SQL): Promise<number> {
  const started = performance.now()
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = 'public' and i.tablename = ${table}
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  )
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`))
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(insert)
  })
  await db.execute(sql`select vod_tails_pass()`)
  await db.execute(sql`set maintenance_work_mem = '1GB'`)
  for (const index of indexes) await db.execute(sql.raw(index.definition))
  await db.execute(sql.raw(`vacuum analyze "${table}"`))
  return (performance.now() - started) / 1000
}
