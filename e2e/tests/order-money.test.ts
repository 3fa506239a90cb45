import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

type Totals = Record<string, string | number>

/** Cents of money as a screen shows it ("USD 1,234.50", "USD -3.00"). */
const cents = (text: string | null) => {
  const value = String(text)
  const digits = Math.round(Number(value.replace(/[^\d.]/g, '')) * 100)
  return /(^|\s)[-−]\d/.test(value) ? -digits : digits
}

/** Issue 58, item 4: money that reconciles on the orders list, in one format on every screen. */
describe('order money, in Chinese at 1440 px', () => {
  let page: Page
  beforeAll(async () => {
    page = await (await loggedInContext(product, 'zh-cn')).newPage()
  })
  afterAll(() => page?.context().close())

  it('shows refunds, chargebacks and net revenue by the registry names, in columns and the totals row', async () => {
    const period = 'paid_at_from=2026-10-01&paid_at_to=2026-10-31'
    const totals = (await asAdmin<{ data: Totals }>(product, `/api/orders/totals?${period}`)).data
    await page.goto(`${product.server.url}/#/orders?${period}`)
    for (const name of ['退款', '拒付', '净收入'])
      await page.getByRole('columnheader', { name, exact: true }).waitFor()
    const row = page.getByTestId('orders-totals')
    await expect
      .poll(() => row.textContent())
      .toContain(`共 ${Number(totals.count).toLocaleString('en')} 条合计`)
    const cell = (field: string) => page.getByTestId(`orders-total-${field}`).textContent()
    for (const field of ['amount', 'refunded', 'charged_back', 'net']) {
      const text = await cell(field)
      expect(text, field).toMatch(/^USD -?[\d,]+\.\d\d$/)
      expect(cents(text), field).toBe(cents(String(totals[field])))
    }
    // Net is the amount less refunds and chargebacks, fees not taken off: it adds up on the screen.
    expect(cents(await cell('net'))).toBe(
      cents(await cell('amount')) - cents(await cell('refunded')) - cents(await cell('charged_back')),
    )
  })

  it('writes money on the dashboard and the analytics as the lists do', async () => {
    for (const path of ['/dashboard', '/analytics/daily/revenue']) {
      await page.goto(`${product.server.url}/#${path}`)
      await expect.poll(() => page.locator('main').textContent()).toMatch(/USD [\d,]+\.\d\d/)
      expect(await page.locator('main').textContent()).not.toMatch(/US\$|(^|[^A-Z])\$\d/)
    }
  })
})
