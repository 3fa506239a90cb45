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

const secondsOf = async (ids: number[]) => {
  const { data } = await asAdmin<{ data: Deletion[] }>(product, '/api/deletions')
  const found = data.find((entry) => entry.resource === 'videos' && entry.ids.some((id) => ids.includes(id)))
  return found ? (Date.parse(found.expires_at) - Date.now()) / 1000 : 0
}

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
    await page.locator('[data-testid="bulk-delete-confirm"]:visible').click()
    const dialog = page.locator('.ant-modal', { has: page.getByTestId('bulk-results') })
    await dialog.getByTestId('undo-notice').waitFor()
    // No countdown inside the dialog being read, and the server holds the window meanwhile.
    expect(await dialog.locator('.undo-seconds').count()).toBe(0)
    await expect.poll(() => secondsOf(ids)).toBeGreaterThan(120)
    await page.getByTestId('bulk-results-close').click()
    // Closed, the offer is back in the corner with the minute it had, counting.
    const corner = page.locator('.undo-notices [data-testid="undo-notice"]')
    await corner.locator('.undo-seconds').waitFor()
    await expect.poll(() => secondsOf(ids)).toBeLessThanOrEqual(61)
    expect(await secondsOf(ids)).toBeGreaterThan(50)
    await corner.getByTestId('undo-videos').click()
    await expect
      .poll(
        async () => (await asAdmin<{ data: unknown[] }>(product, '/api/videos?keyword=E2E-UW')).data.length,
      )
      .toBe(4)
  })
})
