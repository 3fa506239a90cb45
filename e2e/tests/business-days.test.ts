import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asAdmin, useProduct } from '../support/product.ts'

const product = useProduct()

type Figures = Record<string, string | number>

/**
 * Issue 58, item 3: the orders list for October, in a browser set to Asia/Shanghai, counts the business
 * zone's October (UTC here), as analytics does, and names that zone beside its filter and times.
 */
describe('one day everywhere, in a browser in Asia/Shanghai at 1440 px', () => {
  let page: Page
  beforeAll(async () => {
    const context = await product.browser.newContext({
      timezoneId: 'Asia/Shanghai',
      viewport: { width: 1440, height: 900 },
    })
    await context.addCookies([{ name: 'language', value: 'en', url: product.server.url }])
    page = await context.newPage()
    await page.goto(`${product.server.url}/#/login`)
    await page.getByLabel('Username').fill(product.admin.username)
    await page.getByLabel('Password').fill(product.admin.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await page.waitForURL(/#\/dashboard$/)
  })
  afterAll(() => page?.context().close())

  it("equals analytics' October on the orders list's totals row, picked in its date filter", async () => {
    const october = 'start_date=2026-10-01&end_date=2026-10-31'
    const analytics = (
      await asAdmin<{ meta: { totals: Figures; time_zone: string } }>(
        product,
        `/api/analytics/revenue/companyDataDaily?${october}`,
      )
    ).meta
    expect(Number(analytics.totals.orders)).toBeGreaterThan(0)
    await page.goto(`${product.server.url}/#/orders`)
    const filter = page.getByTestId('orders-filter-paid_at')
    // The filter names the zone its days are counted in: the server's, not the browser's.
    await expect.poll(() => filter.textContent()).toContain(`(UTC+00:00)`)
    const inputs = filter.locator('input')
    await inputs.nth(0).click()
    await inputs.nth(0).fill('2026-10-01')
    await inputs.nth(0).press('Enter')
    // Typed as a person does: the end once the picker has moved there.
    const focused = () => inputs.evaluateAll((all) => all.indexOf(document.activeElement as HTMLInputElement))
    await expect.poll(focused).toBe(1)
    await inputs.nth(1).fill('2026-10-31')
    await inputs.nth(1).press('Enter')
    await page.waitForURL(/paid_at_from=2026-10-01.*paid_at_to=2026-10-31/)
    const totals = page.getByTestId('orders-totals')
    const count = Number(analytics.totals.orders).toLocaleString('en')
    await expect.poll(() => totals.textContent()).toContain(`Total of ${count} matching`)
    const amount = await page.getByTestId('orders-total-amount').textContent()
    expect(amount?.replace(/[^\d.]/g, '')).toBe(String(analytics.totals.gross))
    // Times on the server's clock, the column saying so.
    expect(await page.getByRole('columnheader', { name: /Paid at \(UTC\+00:00\)/ }).count()).toBe(1)
    // The totals' refunds are the listed orders', whenever they happened: the note says so and leads to the
    // same days' revenue, refunds by when they happened, where October's refunds are analytics' own.
    const note = page.getByTestId('orders-refunds-note')
    await expect.poll(() => note.textContent()).toContain('whenever they happened')
    await note.getByRole('link').click()
    await page.waitForURL(/#\/analytics\/daily\/revenue\?start_date=2026-10-01&end_date=2026-10-31$/)
    await expect.poll(() => page.locator('.ant-picker-range input').first().inputValue()).toBe('2026-10-01')
  })
})
