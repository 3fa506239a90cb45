import { UNDO_SECONDS } from '@vod/contract/bulk'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

interface Deletion {
  batch: string
  resource: string
  ids: number[]
  expires_at: string
}

/** When the server ends the delete's undo window (ms since the epoch), 0 once there is none. */
const expiryOf = async (ids: number[]) => {
  const { data } = await asAdmin<{ data: Deletion[] }>(product, '/api/deletions')
  const found = data.find((entry) => entry.resource === 'videos' && entry.ids.some((id) => ids.includes(id)))
  return found ? Date.parse(found.expires_at) : 0
}

/** The window's end beyond a minute from now: only a held window reaches there, whatever the host's speed. */
const pastAMinute = async (ids: number[]) => (await expiryOf(ids)) - (Date.now() + UNDO_SECONDS * 1000)

/** Issue 58, item 6: an undo that waits for its reader; in English at 1920 px. */
describe('undo while the results are read', () => {
  let page: Page
  beforeAll(async () => {
    page = await (await loggedInContext(product, 'en')).newPage()
    await page.setViewportSize({ width: 1920, height: 1000 })
  })
  afterAll(() => page?.context().close())

  it('holds a bulk delete open while its result dialog is read, counting nothing there, then undoes it', async () => {
    const ids: number[] = []
    for (let i = 1; i <= 4; i++)
      ids.push(
        (
          await asAdmin<{ data: { id: number } }>(product, '/api/videos', {
            method: 'POST',
            body: { title: `Undo wait ${i}`, serial_number: `E2E-UW-${i}` },
          })
        ).data.id,
      )
    await page.goto(`${product.server.url}/#/videos?keyword=E2E-UW&sort=id`)
    for (const id of ids)
      await page.locator(`tr[data-row-key="${id}"]:visible input[type="checkbox"]`).check()
    await page.locator('[data-testid="bulk-delete"]:visible').click()
    const confirmed = Date.now()
    await page.locator('[data-testid="bulk-delete-confirm"]:visible').click()
    const dialog = page.locator('.ant-modal', { has: page.getByTestId('bulk-results') })
    await dialog.getByTestId('undo-notice').waitFor()
    // No countdown inside the dialog being read, and the server holds the window meanwhile.
    expect(await dialog.locator('.undo-seconds').count()).toBe(0)
    await expect.poll(() => pastAMinute(ids)).toBeGreaterThan(0)
    await page.getByTestId('bulk-results-close').click()
    // Closed, the offer is back in the corner with the minute it had, counting: a window of a minute at most
    // again, and ending no sooner than a minute after the delete, the time the dialog was open not counted.
    const corner = page.locator('.undo-notices [data-testid="undo-notice"]')
    await corner.locator('.undo-seconds').waitFor()
    await expect.poll(() => pastAMinute(ids)).toBeLessThanOrEqual(0)
    expect(await expiryOf(ids)).toBeGreaterThanOrEqual(confirmed + UNDO_SECONDS * 1000)
    await corner.getByTestId('undo-videos').click()
    await expect
      .poll(
        async () => (await asAdmin<{ data: unknown[] }>(product, '/api/videos?keyword=E2E-UW')).data.length,
      )
      .toBe(4)
  })
})
