import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './client.ts'

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle')

/**
 * Applies the committed drizzle-kit migrations (server/drizzle). On PostgreSQL this holds the shared
 * startup lock, so several processes starting together migrate once, one after the other.
 */
export async function migrate(database: Database): Promise<void> {
  await database.exclusive(() => database.applyMigrations({ migrationsFolder }))
}
