import { randomBytes } from 'node:crypto'
import { text as streamText } from 'node:stream/consumers'
import { parse } from 'csv-parse/sync'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asAdmin, contextAs, loggedInContext, useProduct } from '../support/product.ts'
import { shows } from '../support/waits.ts'

const product = useProduct()

interface Plan {
  id: number
  name: string
  title: string | null
}

/**
 * Issue 58 item 8: names, not codes. A plan by its title ("Yearly 年度会员", not `yearly`) on the dashboard,
 * the orders list and a member's page; a channel admin's screens say which channels they cover; a tab of
 * one record by the record's name ("会员详情：member104", not "会员详情 #104"); the CSV's header as the screen
 * labels its columns; a member's history with the refunds and tickets solved for them, a refund's reason
 * labelled. In Chinese at 1280 px.
 */
describe('names, not codes', () => {
  let page: Page
  let titles: Set<string>
  let codes: Set<string>
  beforeAll(async () => {
    page = await (await loggedInContext(product)).newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
    const plans = (await asAdmin<{ data: Plan[] }>(product, '/api/plans?per_page=100')).data
    titles = new Set(plans.flatMap((plan) => (plan.title ? [plan.title] : [])))
    codes = new Set(plans.map((plan) => plan.name))
    // The demo's plans have titles apart from their codes, or this would show nothing.
    expect(titles.size).toBeGreaterThan(0)
    for (const title of titles) expect(codes.has(title)).toBe(false)
  })
  afterAll(() => page?.context().close())

  const shownPlans = (cells: ReturnType<Page['locator']>) =>
    cells.evaluateAll((found) => found.map((cell) => cell.textContent?.trim() ?? ''))

  it('names plans by title on the dashboard and the orders list', async () => {
    await page.goto(`${product.server.url}/#/dashboard`)
    const dashboard = page.getByTestId('dashboard-plans').locator('tbody tr.ant-table-row td:first-child')
    await shows(dashboard, 'the dashboard plans')
    const onDashboard = await shownPlans(dashboard)
    expect(onDashboard.length).toBeGreaterThan(0)
    for (const plan of onDashboard) expect(titles.has(plan), plan).toBe(true)

    await page.goto(`${product.server.url}/#/orders`)
    const cells = page.getByTestId('orders-table').locator('tbody td[data-field="plan_id"]')
    await shows(cells, 'the orders plan column')
    const onOrders = await shownPlans(cells)
    expect(onOrders.length).toBeGreaterThan(0)
    for (const plan of onOrders) {
      expect(titles.has(plan), plan).toBe(true)
      expect(codes.has(plan), plan).toBe(false)
    }
  })

  it("names the plan by title on a member's page, and the member's tab by the member's name", async () => {
    const { data } = await asAdmin<{ data: { id: number; username: string; plan_name: string | null }[] }>(
      product,
      '/api/users?per_page=50',
    )
    const member = data.find((each) => each.plan_name !== null)
    if (!member) throw new Error('no member with a plan in the demo data')
    expect(titles.has(member.plan_name as string)).toBe(true)
    await page.goto(`${product.server.url}/#/users/${member.id}`)
    const view = page.locator(`.shell-view[data-view="/users/${member.id}"]`)
    await shows(view.getByText(member.plan_name as string, { exact: true }), "the member's plan by title")
    // The tab: the screen's title and the member's name, no "#id".
    const tab = page.getByTestId('tabs-bar').getByRole('link', { name: `会员详情：${member.username}` })
    await shows(tab, "the member's tab by name")
    expect(await page.getByTestId('tabs-bar').textContent()).not.toContain(`#${member.id}`)
  })

  it("says which channels a channel admin's screens cover", async () => {
    // The super-admin sees every channel: nothing to say.
    expect(await page.getByTestId('channel-coverage').count()).toBe(0)
    const tag = randomBytes(3).toString('hex')
    const { data: role } = await asAdmin<{ data: { id: number } }>(product, '/api/roles', {
      method: 'POST',
      body: { name: `E2E channel admin ${tag}`, permissions: ['list-channels', 'list-orders'] },
    })
    const credentials = { username: `chan-${tag}`, password: 'e2e-passw0rd' }
    const { data: admin } = await asAdmin<{ data: { id: number } }>(product, '/api/admins', {
      method: 'POST',
      body: { ...credentials, name: `Chan ${tag}`, role_ids: [role.id] },
    })
    const { data: channels } = await asAdmin<{ data: { id: number; utm_source: string }[] }>(
      product,
      '/api/channels?per_page=2',
    )
    const [first, second] = channels as [
      { id: number; utm_source: string },
      { id: number; utm_source: string },
    ]
    for (const channel of [first, second])
      await asAdmin(product, `/api/channels/${channel.id}/admins`, {
        method: 'POST',
        body: { admin_id: admin.id },
      })
    const context = await contextAs(product, credentials, 'zh-cn')
    const theirs = await context.newPage()
    await theirs.setViewportSize({ width: 1280, height: 900 })
    await theirs.goto(`${product.server.url}/#/orders`)
    const coverage = theirs.getByTestId('channel-coverage')
    await shows(coverage, 'the channels covered')
    const names = [first.utm_source, second.utm_source].sort()
    const said = (await coverage.textContent()) ?? ''
    expect(said).toMatch(/^这些页面只涵盖你管理的渠道：/)
    for (const name of names) expect(said).toContain(name)
    await context.close()
  })
  it("writes the orders CSV's header as the orders screen labels its columns, in Chinese", async () => {
    await page.goto(`${product.server.url}/#/orders`)
    const table = page.getByTestId('orders-table')
    await shows(table.locator('tbody tr.ant-table-row').first(), 'the orders')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('orders-export').click(),
    ])
    // The browser is remote: the file comes over its connection.
    const text = await streamText(await download.createReadStream())
    const [header = []] = parse(text.replace(/^\ufeff/, ''), { to_line: 1 }) as string[][]
    // The screen's own words for its columns (their headers start with them; times add their zone).
    for (const field of ['order_no', 'plan_id', 'amount', 'paid_at']) {
      const shown =
        (await table.locator(`thead th[data-field="${field}"]`).first().textContent())?.trim() ?? ''
      expect(
        header.some((label) => label.length > 0 && shown.startsWith(label)),
        `${field}: ${shown} in ${header.join(',')}`,
      ).toBe(true)
    }
    expect(header).toEqual(expect.arrayContaining(['订单号', '会员', '套餐', '金额', '支付时间', '退款']))
    expect(header).not.toContain('order_no')
  })

  it("shows in a member's history the refunds of their orders, with the reason labelled, and the tickets solved for them", async () => {
    const tag = randomBytes(3).toString('hex')
    const { data: tickets } = await asAdmin<{
      data: { id: number; user_id: number | null; subject: string }[]
    }>(product, '/api/supports?status=open&per_page=100')
    let found: { ticket: (typeof tickets)[number]; order: { id: number; order_no: string } } | undefined
    for (const ticket of tickets.filter((each) => each.user_id !== null)) {
      const { data: paid } = await asAdmin<{
        data: {
          id: number
          order_no: string
          paid_at: string | null
          amount: string
          refunded: string
          charged_back: string
        }[]
      }>(product, `/api/orders?user_id=${ticket.user_id}&per_page=20`)
      const order = paid.find(
        (each) =>
          each.paid_at !== null &&
          Number(each.amount) - Number(each.refunded) - Number(each.charged_back) >= 1,
      )
      if (order) {
        found = { ticket, order }
        break
      }
    }
    if (!found) throw new Error('no open ticket of a member with a paid order in the demo data')
    const { ticket, order } = found
    const reason = `E2E 重复扣款 ${tag}`
    await asAdmin(product, `/api/orders/${order.id}/refund`, {
      method: 'POST',
      body: { amount: '1.00', reason },
    })
    await asAdmin(product, `/api/supports/${ticket.id}/solve`, { method: 'POST' })

    await page.goto(`${product.server.url}/#/users/${ticket.user_id}`)
    const history = page.locator('[data-testid="users-history"]:visible')
    const refund = history.locator('tr', { hasText: reason })
    await shows(refund, 'the refund in the member history')
    const refundText = (await refund.textContent()) ?? ''
    // Which order, by its number, the action and the reason, each named in Chinese.
    expect(refundText).toContain('登记退款')
    // The order by its number once its name has come (#id while it is asked for).
    await expect.poll(() => refund.textContent()).toContain(`订单 ${order.order_no}`)
    expect(refundText).toContain(`原因: ${reason}`)
    expect(refundText).toContain('退款: 1.00')
    const solved = history.locator('tr', { hasText: ticket.subject }).filter({ hasText: '解决' })
    await shows(solved, 'the ticket solved in the member history')
    expect(await solved.count()).toBeGreaterThan(0)
    expect(await history.textContent()).toContain(product.admin.username)
  })
})
