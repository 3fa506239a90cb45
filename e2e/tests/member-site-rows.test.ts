import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { loggedInContext, type Product, useProduct } from '../support/product.ts'
import { ADMIN, type RunningServer, startServer } from '../support/server.ts'

const shared = useProduct()

/**
 * Issue 34, item 3, on the screens: a ticket and a cooperation request whose attachment the member site
 * stored as `javascript:alert(1)` (by SQL here; the API would refuse it) open, and show it as text, no link.
 * The rows go into a server of the file's own: its embedded database a copy of the run's seeded one, written
 * to, then started.
 */
describe('member-site rows on the screens, end to end in Chromium', () => {
  const hostile = 'javascript:alert(1)'
  let dataDir: string
  let server: RunningServer | undefined
  let product: Product
  let page: Page
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vod-e2e-rows-'))
    const env = { DATA_DIR: dataDir, SEED_DEMO: '0' }
    // The run's seeded data as a stopped server leaves it (global-setup.ts): migrated, with the first admin.
    await cp(inject('e2eSeededDataDir'), dataDir, { recursive: true })
    const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } })
    try {
      const support = await db.query<{ id: number }>(
        `insert into supports (type, subject, email, message, attachment)
         values ('billing', 'Stored by the member site', 'not an address', 'Help', $1) returning id`,
        [hostile],
      )
      const cooperation = await db.query<{ id: number }>(
        `insert into cooperations (subject, name, email, message, attachment)
         values ('Stored by the member site', 'Studio', 'not an address', 'Hello', $1) returning id`,
        [hostile],
      )
      ids.supports = support.rows[0]?.id as number
      ids.cooperations = cooperation.rows[0]?.id as number
    } finally {
      await db.close()
    }
    server = await startServer(env)
    product = { server, other: server, browser: shared.browser, admin: { ...ADMIN, id: 1 } }
    page = await (await loggedInContext(product, 'en')).newPage()
  }, scaled(240_000))
  afterAll(async () => {
    await page?.context().close()
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it.each([
    ['supports', '/questions/supports'],
    ['cooperations', '/videos/cooperations'],
  ])('opens a %s record whose attachment is a script address, showing it as text', async (name, base) => {
    const id = ids[name] as number
    await page.goto(`${product.server.url}/#${base}/${id}`)
    const detail = page.locator(`[data-testid="${name}-detail"]:visible`)
    const attachment = detail.getByTestId('attachment-text')
    await attachment.waitFor()
    expect(await attachment.textContent()).toBe(hostile)
    expect(await detail.locator('a[href^="javascript:"]').count()).toBe(0)
    expect(await detail.locator('a').count()).toBe(0)
    // Loaded, not spinning.
    await expect.poll(() => page.locator('.ant-spin-spinning:visible').count()).toBe(0)
    // And in the list, the same.
    await page.goto(`${product.server.url}/#${base}?sort=-id`)
    const row = page.locator(`tr[data-row-key="${id}"]:visible`)
    await row.waitFor()
    expect(await row.locator('a[href^="javascript:"]').count()).toBe(0)
  })
})
