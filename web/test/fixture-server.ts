import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import type { TestProject } from 'vitest/node'
import { tags } from '../../server/src/db/schema/index.ts'
import { gadgetsModule } from '../../server/test/fixtures/gadgets/module.ts'
import { gadgetParts, gadgets, gadgetTags } from '../../server/test/fixtures/gadgets/tables.ts'
import { createFixtureTables } from '../../server/test/support/fixture-tables.ts'
// The server suite's provided values (its templates), which databases.ts reads.
import type {} from '../../server/test/support/global-setup.ts'
import { startTestApp, type TestApp } from '../../server/test/support/harness.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The control address of this run's fixture servers (fixture-api.ts asks it for one per test file). */
    fixtureControl: string
  }
}

/** The data every web test of the gadgets fixture starts from: ids 1.. in the order written. */
async function seed(t: TestApp) {
  await t.db.execute(sql`truncate gadgets, gadget_tags, gadget_parts, tags restart identity cascade`)
  await t.db
    .insert(tags)
    .values(Array.from({ length: 150 }, (_, i) => ({ name: `Tag ${i + 1}`, type: 'genre' as const })))
  await t.db.insert(gadgets).values([
    { name: 'Alpha', price: '10', status: 'draft' },
    { name: 'Beta', price: '20.5', status: 'published' },
  ])
  await t.db.insert(gadgetTags).values([
    { gadgetId: 1, tagId: 1 },
    { gadgetId: 2, tagId: 2 },
    { gadgetId: 2, tagId: 150 },
  ])
  const parts = ['First', 'Second', 'Third'].map((label, i) => ({ gadgetId: 1, label, position: i + 1 }))
  const many = Array.from({ length: 120 }, (_, i) => ({
    gadgetId: 2,
    label: `Item ${1000 + i}`,
    position: i + 1,
  }))
  await t.db.insert(gadgetParts).values([...parts, ...many])
}

/** The real server with the gadgets fixture registered, on PGlite, listening; seeded. */
async function startFixtureApp() {
  const t = await startTestApp('pglite', {
    permissions: gadgetsModule.permissions.map((name) => ({ name, group: 'gadgets' })),
    beforeListen: async (app, db) => {
      await app.register(gadgetsModule, { prefix: '/api', db })
    },
  })
  await createFixtureTables(t.db, { gadgets, gadgetTags, gadgetParts })
  await seed(t)
  return { t, token: await t.superToken() }
}

/**
 * The web tests' real API. The server runs here, in Node's own realm (inside jsdom, jose and PGlite see
 * jsdom's typed arrays as foreign), one per test file so that files running side by side do not share
 * data: `POST /start` gives a fresh one (its URL and a super-admin token), `POST /reset?url=` seeds it
 * again, `POST /stop?url=` ends it.
 */
export default async function setup(project: TestProject) {
  const apps = new Map<string, TestApp>()
  const control = createServer((req, res) => {
    const url = new URL(req.url ?? '', 'http://control')
    const app = apps.get(url.searchParams.get('url') ?? '')
    const answer = async () => {
      if (url.pathname === '/start') {
        const { t, token } = await startFixtureApp()
        apps.set(t.url, t)
        return { url: t.url, token }
      }
      if (!app) throw new Error(`No fixture server at ${url.searchParams.get('url')}`)
      if (url.pathname === '/reset') await seed(app)
      if (url.pathname === '/stop') {
        apps.delete(app.url)
        await app.close()
      }
      return {}
    }
    // Each call on a connection of its own: one kept idle between a file's tests would be closed by this
    // server after its 5 s just as fetch took it up again on a loaded host ("fetch failed", ECONNRESET).
    const closing = { connection: 'close' }
    answer().then(
      (body) =>
        res.writeHead(200, { 'content-type': 'application/json', ...closing }).end(JSON.stringify(body)),
      (error: Error) => res.writeHead(500, closing).end(error.stack),
    )
  })
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve))
  project.provide('fixtureControl', `http://127.0.0.1:${(control.address() as AddressInfo).port}`)
  return async () => {
    await Promise.all([...apps.values()].map((app) => app.close()))
    await new Promise((resolve) => control.close(resolve))
  }
}
