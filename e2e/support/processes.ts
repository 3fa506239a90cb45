import { randomBytes } from 'node:crypto'
import { createTestDatabase } from '../../server/test/support/databases.ts'
import { startServer } from './server.ts'

/**
 * Two server processes on one PostgreSQL database of their own (TEST_DATABASE_URL's server), as a deployment
 * runs them behind a balancer: one set of keys (a session from one holds on the other), no demo (the files
 * that use them make their own records). The first starts alone, as it makes the first admin.
 */
export async function startTwoProcesses(): Promise<{ urls: string[]; stop(): Promise<void> }> {
  const database = await createTestDatabase('postgres')
  const env = {
    DATABASE_URL: database.url as string,
    SEED_DEMO: '0',
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  }
  const first = await startServer(env)
  const second = await startServer(env)
  return {
    urls: [first.url, second.url],
    async stop() {
      await Promise.all([first.stop(), second.stop()])
      await database.drop()
    },
  }
}
