import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asAdmin, languageContext, loggedInContext, logInPage, useProduct } from '../support/product.ts'
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
 * one record by the record's name ("会员详情：member104", not "会员详情 #104"). In Chinese
 * at 1280 px.
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
    const context = await languageContext(product, 'zh-cn')
    const theirs = await logInPage(context, product, credentials, 'zh-cn')
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
})
