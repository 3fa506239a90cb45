import { describe, expect, it } from 'vitest'
import { asAdmin, contextAs, useProduct } from '../support/product.ts'

const product = useProduct()

interface Order {
  id: number
  order_no: string
  user_id: number
  amount: string
  transaction_fee: string
  settlement_fee: string
  reserve_fee: string
  total_amount: string
}
interface PayoutReport {
  reference: string
  gross: string
  fees: string
  net: string
  period_start: string
  period_end: string
}
type Listed<T> = { data: T[]; meta: { total: number } }

const FINANCE = { username: 'e2e.finance', password: 'Finance-passw0rd' }

describe('orders and payouts, end to end in Chromium', () => {
  it("a finance admin finds a member's orders, reads one's fees and total, and records a payout report", async () => {
    // A finance role: orders and payout reports, members to reach them from.
    const role = await asAdmin<{ data: { id: number } }>(product, '/api/roles', {
      method: 'POST',
      body: {
        name: 'E2E finance',
        permissions: [
          'list-orders',
          'all-channels',
          'list-users',
          'list-plans',
          'list-segpay-payout-reports',
          'create-segpay-payout-reports',
        ],
      },
    })
    await asAdmin(product, '/api/admins', {
      method: 'POST',
      body: { ...FINANCE, name: 'Finance', role_ids: [role.data.id] },
    })
    // A demo order with fees, and every order of its member.
    const [order] = (await asAdmin<Listed<Order>>(product, '/api/orders?per_page=1&sort=-amount')).data
    if (!order) throw new Error('no demo order')
    const mine = await asAdmin<Listed<Order>>(product, `/api/orders?user_id=${order.user_id}&per_page=100`)

    const context = await contextAs(product, FINANCE, 'en')
    const page = await context.newPage()

    // From the member's page to its orders: the list holds those and no other.
    await page.goto(`${product.server.url}/#/users/${order.user_id}`)
    await page.getByTestId('related-orders').click()
    await page.waitForURL(new RegExp(`#/orders\\?user_id=${order.user_id}$`))
    const table = page.getByTestId('orders-table')
    await table.getByText(order.order_no, { exact: true }).waitFor()
    await expect
      .poll(() => table.locator('tbody tr.ant-table-row').count())
      .toBe(Math.min(mine.meta.total, 20))
    expect(mine.data.every((o) => o.user_id === order.user_id)).toBe(true)

    // Among all orders, the start of its number finds it, as the keyword box says.
    await page.goto(`${product.server.url}/#/orders`)
    const keyword = page.getByTestId('orders-keyword')
    expect(await keyword.getAttribute('placeholder')).toBe('Start of order or transaction no.')
    await keyword.fill(order.order_no.slice(0, -1).toLowerCase())
    await keyword.press('Enter')
    await page.waitForURL(/#\/orders\?.*keyword=/)
    await table.getByText(order.order_no, { exact: true }).waitFor()

    // Its page: the amount, the three fees and the total that is left.
    await table.getByTestId(`show-${order.id}`).click()
    await page.waitForURL(new RegExp(`#/orders/${order.id}$`))
    const text = (id: string) => page.getByTestId(id).textContent()
    await expect.poll(() => text('breakdown-amount')).toBe(order.amount)
    await expect.poll(() => text('breakdown-transaction_fee')).toBe(`− ${order.transaction_fee}`)
    expect(await text('breakdown-settlement_fee')).toBe(`− ${order.settlement_fee}`)
    expect(await text('breakdown-reserve_fee')).toBe(`− ${order.reserve_fee}`)
    expect(await text('breakdown-total')).toBe(order.total_amount)
    // Without edit-orders there is nothing to correct.
    expect(await page.getByTestId('show-edit').count()).toBe(0)

    // A payout report: a net that does not add up is refused under its field, then corrected.
    await page.goto(`${product.server.url}/#/orders/segpays/create`)
    const box = (name: string) => page.getByRole('textbox', { name })
    await box('Reference').fill('E2E-PAYOUT-1')
    for (const [label, day] of [
      ['Period start', '2026-10-01'],
      ['Period end', '2026-10-31'],
    ] as const) {
      await box(label).click()
      await box(label).fill(day)
      await box(label).press('Enter')
    }
    await box('Gross').fill('1000.00')
    await box('Fees').fill('45.50')
    await box('Refunds').fill('19.99')
    await box('Chargebacks').fill('0.01')
    await box('Net').fill('934.51')
    await page.getByTestId('form-submit').click()
    await page.getByText('must equal the gross less fees, refunds and chargebacks (934.50)').waitFor()
    await box('Net').fill('934.50')
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/orders\/segpays(\?.*)?$/)
    const [report] = (
      await asAdmin<Listed<PayoutReport>>(product, '/api/segpay-payout-reports?keyword=E2E-PAYOUT-1')
    ).data
    expect(report).toMatchObject({
      reference: 'E2E-PAYOUT-1',
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      gross: '1000.00',
      fees: '45.50',
      net: '934.50',
    })
    await context.close()
  })
})
