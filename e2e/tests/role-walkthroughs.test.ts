import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { asAdmin, contextAs, type Language, loggedInContext, useProduct } from '../support/product.ts'
import { requestsInFlight } from '../support/waits.ts'

/**
 * Issue 36 item 3: the four jobs of the walkthrough, each a role ticked in the role editor holding what the
 * job needs and an admin holding it, walk every item of their menu: none leads to /401 or to a call the
 * server refuses. Two walk in Chinese, two in English.
 */
const product = useProduct()
const PASSWORD = 'Walk-passw0rd'
const suffix = Date.now().toString(36)

/**
 * A role ticked in the role editor (as the file's super-admin, in `language`), and an admin holding it; answers
 * the admin's username and what the role holds. `check` runs in the editor once the ticks are made.
 */
async function job(
  language: Language,
  name: string,
  ticks: string[],
  check?: (editor: Page) => Promise<void>,
): Promise<{ username: string; held: string[] }> {
  const zh = language === 'zh-cn'
  const context = await loggedInContext(product, zh ? undefined : 'en')
  const page = await context.newPage()
  const roleName = `${name} ${suffix}`
  await page.goto(`${product.server.url}/#/permissions/roles/create`)
  await page.getByRole('textbox', { name: zh ? '角色名称' : 'Role name' }).fill(roleName)
  for (const tick of ticks) await page.getByTestId(`permission-${tick}`).check()
  await check?.(page)
  await page.getByTestId('form-submit').click()
  await page.waitForURL(/#\/permissions\/roles(\?.*)?$/)
  await context.close()
  const roles = await asAdmin<{ data: { id: number; name: string; permissions: string[] }[] }>(
    product,
    `/api/roles?keyword=${encodeURIComponent(roleName)}`,
  )
  const role = roles.data.find((r) => r.name === roleName)
  if (!role) throw new Error(`role ${roleName} not saved`)
  const username = `${name.toLowerCase()}-${suffix}`
  await asAdmin(product, '/api/admins', {
    method: 'POST',
    body: { username, password: PASSWORD, name: roleName, role_ids: [role.id] },
  })
  return { username, held: role.permissions }
}

/** Every leaf of the sidebar, by its route, with every group opened. */
async function menuPaths(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar')
  // The menu is drawn once the session's permissions are in: the dashboard's item is always on it.
  await sidebar.locator('li.ant-menu-item[data-menu-id$="-/dashboard"]').waitFor()
  const closed = sidebar.locator('li.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title')
  while ((await closed.count()) > 0) await closed.first().click()
  const ids = await sidebar
    .locator('li.ant-menu-item')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-menu-id') ?? ''))
  // rc-menu names an item `<menu id>-<key>`; the key is the route.
  return ids.map((id) => id.slice(id.indexOf('-/') + 1))
}

/**
 * Clicks through every item of the menu. Each screen is waited on until its requests are done; every answer
 * the API gave 401 or 403 meanwhile is collected, and so is any screen that was not the one clicked.
 */
async function walkMenu(page: Page): Promise<{ visited: string[]; refused: string[]; wrong: string[] }> {
  const refused: string[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.startsWith('/api/') && [401, 403].includes(response.status()))
      refused.push(`${response.status()} ${response.request().method()} ${url.pathname}${url.search}`)
  })
  const network = requestsInFlight(page)
  const paths = await menuPaths(page)
  const wrong: string[] = []
  const sidebar = page.getByTestId('sidebar')
  for (const path of paths) {
    await sidebar.locator(`li.ant-menu-item[data-menu-id$="-${path}"]`).click()
    await page.waitForURL((url) => url.hash.split('?')[0] === `#${path}` || /#\/(401|404)$/.test(url.hash))
    await network.idle()
    const hash = new URL(page.url()).hash.split('?')[0]
    if (hash !== `#${path}`) wrong.push(`${path} -> ${hash}`)
  }
  return { visited: paths, refused, wrong }
}

async function walkAs(language: Language, username: string) {
  const context = await contextAs(product, { username, password: PASSWORD }, language)
  const page = await context.newPage()
  // The walk starts where a login lands: the dashboard, itself an item of every menu.
  await page.goto(`${product.server.url}/#/dashboard`)
  return { context, page, ...(await walkMenu(page)) }
}

describe('the four jobs walk their menus without a refusal (issue 36 item 3)', () => {
  it('a marketer (zh-cn): only the analytics it reads, no export it may not make; edit alone ticks the list', async () => {
    const { username, held } = await job(
      'zh-cn',
      'Marketer',
      [
        'create-deals',
        'edit-deals',
        'create-promotions',
        'edit-promotions',
        'edit-channels',
        'list-campaigns',
        'list-daily-channel',
        'list-daily-campaign',
        'edit-banners',
        'all-channels',
      ],
      async (editor) => {
        // Ticking "edit banners" ticks the banners list with it, and says so beside it.
        expect(await editor.getByTestId('permission-list-banners').isChecked()).toBe(true)
        expect(await editor.getByTestId('permission-needs-edit-banners').textContent()).toMatch(
          /^需要横幅.*列表/,
        )
      },
    )
    expect(held).toEqual(
      expect.arrayContaining(['list-banners', 'list-deals', 'list-promotions', 'list-channels']),
    )
    expect(held).not.toContain('list-daily-revenue')

    const walk = await walkAs('zh-cn', username)
    expect(walk.refused).toEqual([])
    expect(walk.wrong).toEqual([])
    expect(walk.visited).toEqual(
      expect.arrayContaining([
        '/blocks/banners',
        '/plans/deals',
        '/analytics/daily/channel',
        '/analytics/daily/campaign',
      ]),
    )
    // The analytics the role cannot read are not on its menu.
    expect(walk.visited).not.toContain('/analytics/daily/revenue')
    expect(walk.visited).not.toContain('/analytics/daily/daily-data')
    const sidebar = walk.page.getByTestId('sidebar')
    expect(await sidebar.getByText('每日收入', { exact: true }).count()).toBe(0)
    expect(await sidebar.getByText('每日公司数据', { exact: true }).count()).toBe(0)
    // Channel figures without export-daily-channel: no export button.
    await sidebar.getByText('每日渠道统计', { exact: true }).click()
    await walk.page.locator('.ant-statistic:visible').first().waitFor()
    expect(await walk.page.getByRole('button', { name: '导出 CSV' }).count()).toBe(0)
    await walk.context.close()
  })

  it('finance (en): orders, refunds, payouts and the money analytics it reads, with their export', async () => {
    const { username } = await job('en', 'Finance', [
      'export-orders',
      'refund-orders',
      'chargeback-orders',
      'list-subscriptions',
      'list-segpay-payout-reports',
      'export-daily-revenue',
      'list-daily-data',
      'all-channels',
    ])
    const walk = await walkAs('en', username)
    expect(walk.refused).toEqual([])
    expect(walk.wrong).toEqual([])
    expect(walk.visited).toEqual(
      expect.arrayContaining(['/orders', '/analytics/daily/revenue', '/analytics/daily/daily-data']),
    )
    expect(walk.visited).not.toContain('/analytics/daily/channel')
    await walk.page.getByTestId('sidebar').getByText('Daily revenue', { exact: true }).click()
    await walk.page.getByRole('button', { name: 'Export CSV' }).waitFor()
    await walk.context.close()
  })

  it("a support agent (zh-cn): reads a member's and an order's history without the admin and role lists", async () => {
    const { username, held } = await job('zh-cn', 'Support', [
      'solve-supports',
      'archive-supports',
      'send-reset-password-users',
      'history-users',
      'history-orders',
      'list-orders',
      'all-channels',
    ])
    expect(held).toEqual(expect.arrayContaining(['list-users', 'list-orders', 'list-supports']))
    for (const name of ['list-admins', 'list-roles', 'list-audit-logs']) expect(held).not.toContain(name)

    // Something to read: a member of this file's own renamed, an order's transaction number corrected.
    const created = await asAdmin<{ data: { ids: number[] } }>(product, '/api/users/batch-create', {
      method: 'POST',
      body: { rows: [{ username: `walk-${suffix}`, first_name: 'Before' }] },
    })
    const member = created.data.ids[0] as number
    await asAdmin(product, `/api/users/${member}`, {
      method: 'PUT',
      body: { first_name: `Renamed ${suffix}` },
    })
    const [order] = (
      await asAdmin<{ data: { id: number }[] }>(product, '/api/orders?sort=id&per_page=1&page=7')
    ).data
    await asAdmin(product, `/api/orders/${order?.id}`, {
      method: 'PUT',
      body: { transaction_number: `TX-${suffix}` },
    })

    const walk = await walkAs('zh-cn', username)
    expect(walk.refused).toEqual([])
    expect(walk.wrong).toEqual([])
    expect(walk.visited).toEqual(expect.arrayContaining(['/users', '/orders', '/questions/supports']))
    expect(walk.visited.some((path) => path.startsWith('/permissions'))).toBe(false)

    const { page } = walk
    await page.goto(`${product.server.url}/#/users/${member}`)
    const memberHistory = page.locator('[data-testid="users-history"]:visible')
    await expect.poll(() => memberHistory.textContent()).toContain(`Renamed ${suffix}`)
    expect(await memberHistory.textContent()).toContain(product.admin.username)
    expect(await page.getByText('变更记录', { exact: true }).count()).toBeGreaterThan(0)
    await page.goto(`${product.server.url}/#/orders/${order?.id}`)
    const orderHistory = page.locator('[data-testid="orders-history"]:visible')
    await expect.poll(() => orderHistory.textContent()).toContain(`TX-${suffix}`)
    expect(walk.refused).toEqual([])
    await walk.context.close()
  })

  it('a content and community editor (en): videos, banners, FAQ and comment moderation, no member records', async () => {
    const { username, held } = await job('en', 'Editor', [
      'create-videos',
      'edit-videos',
      'publish-videos',
      'create-banners',
      'edit-banners',
      'create-questions',
      'edit-questions',
      'edit-posts',
      'disable-comments',
      'enable-comments',
      'ban-comments',
      'reject-report-comments',
    ])
    expect(held).toEqual(expect.arrayContaining(['list-comments', 'list-videos', 'list-banners']))
    expect(held).not.toContain('list-users')

    const walk = await walkAs('en', username)
    expect(walk.refused).toEqual([])
    expect(walk.wrong).toEqual([])
    expect(walk.visited).toEqual(
      expect.arrayContaining(['/videos', '/blocks/banners', '/questions', '/comments', '/comments/reports']),
    )
    expect(walk.visited).not.toContain('/users')
    // The comments list offers no member filter it could not fill.
    await walk.page.getByTestId('sidebar').getByRole('menuitem', { name: 'Comments', exact: true }).click()
    await walk.page.locator('[data-testid="comments-table"]:visible').waitFor()
    expect(await walk.page.locator('[data-testid="comments-filter-user_id"]:visible').count()).toBe(0)
    await walk.context.close()
  })
})
