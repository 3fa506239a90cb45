import path from 'node:path'
import { repoRoot } from '../paths.ts'
import type { Database } from './client.ts'

const migrationsFolder = path.join(repoRoot, 'server', 'drizzle')

/**
 * Applies the committed drizzle-kit migrations (server/drizzle). On PostgreSQL this holds the shared
 * startup lock, so several processes starting together migrate once, one after the other.
 */
export async function migrate(database: Database): Promise<void> {
  await database.exclusive(() => database.applyMigrations({ migrationsFolder }))
}
