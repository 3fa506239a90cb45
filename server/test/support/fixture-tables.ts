import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api'
import { sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../src/db/client.ts'

/**
 * Creates a test fixture's tables from their drizzle declarations, as drizzle-kit would migrate them, so a
 * throwaway resource needs no product migration.
 */
export async function createFixtureTables(db: Db, tables: Record<string, PgTable>): Promise<void> {
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(tables))
  for (const statement of statements) await db.execute(sql.raw(statement))
}
