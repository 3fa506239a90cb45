import { openDatabase } from '../../server/src/db/client.ts'
import { migrate } from '../../server/src/db/migrate.ts'
import { createTestDatabase, type TestDatabase } from '../../server/test/support/databases.ts'

/** The PostgreSQL database a scale bench loads and times, kept or reused as its environment says. */
export interface BenchDatabase extends TestDatabase {
  url: string
  /** BENCH_REUSE_URL named it: loaded by an earlier run, so not to load again. */
  reused: boolean
  /** Drops it, or with BENCH_KEEP=1 (or reused) closes it and says where it stays. */
  finish(): Promise<void>
}

/**
 * A fresh database (BENCH_DATABASE_URL's cluster), or with BENCH_REUSE_URL one a BENCH_KEEP=1 run left,
 * migrated to now: loading ten million rows took minutes, reading a plan on them seconds.
 */
export async function benchDatabase({ keep = process.env.BENCH_KEEP === '1' } = {}): Promise<BenchDatabase> {
  const reuseUrl = process.env.BENCH_REUSE_URL
  const made: TestDatabase = reuseUrl
    ? await (async () => {
        const opened = await openDatabase({ url: reuseUrl, pgliteDir: null })
        await migrate(opened)
        return { database: opened, url: reuseUrl, drop: () => opened.close() }
      })()
    : await createTestDatabase('postgres')
  const url = made.url as string
  return {
    ...made,
    url,
    reused: reuseUrl !== undefined,
    async finish() {
      if (!keep && !reuseUrl) return made.drop()
      await made.database.close()
      console.log(`kept ${url} (BENCH_REUSE_URL=${url} times it again; drop it by hand)`)
    },
  }
}
