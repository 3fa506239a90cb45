import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { asAdmin, contextAs, loggedInContext, useProduct } from '../support/product.ts'
import { arrives, shows } from '../support/waits.ts'

const product = useProduct()

interface Member {
  id: number
  username: string
  email: string | null
  channel_id: number | null
}
interface Order {
  id: number
  order_no: string
}
type Listed<T> = { data: T[] }

const CHANNEL_ADMIN = { username: 'e2e.channel.search', password: 'Channel-passw0rd' }

/** The header's search field, opened; what is typed replaces what was there. */
async function searchFor(page: Page, text: string) {
  const field = page.getByTestId('header-search-input').locator('input')
  if (!(await field.isVisible())) await page.getByTestId('header-search').click()
  await field.fill(text)
  return field
}

/** The found record of `kind` labelled `label`, in the open search's list. */
const record = (page: Page, kind: string, label: string) =>
  page.locator(`[data-testid="search-record"][data-kind="${kind}"]`, { hasText: label })

describe('the header search finds records, end to end in Chromium', () => {
  it('finds a member by e-mail and an order by its number, and opens them', async () => {
    const members = await asAdmin<Listed<Member>>(product, '/api/users?per_page=50')
    const member = members.data.find((m) => m.email)
    const [order] = (await asAdmin<Listed<Order>>(product, '/api/orders?per_page=1')).data
    if (!member?.email || !order) throw new Error('no demo member with an e-mail, or no demo order')

    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/profile/index`)

    // Ctrl-K opens the field; the whole address in another letter case finds the member, under its kind.
    await shows(page.getByTestId('header-search'), 'the header search')
    await page.keyboard.press('Control+k')
    const field = page.getByRole('combobox', { name: 'Search pages and records' })
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true)
    await field.fill(member.email.toUpperCase())
    await shows(record(page, 'users', member.username), `member ${member.username} among the results`)
    await shows(page.getByTestId('search-kind').filter({ hasText: 'Members' }), 'the Members group')
    expect(await record(page, 'users', member.username).first().getAttribute('data-exact')).toBe('1')
    // Enter opens the first, the member whose address it is.
    await field.press('Enter')
    await arrives(page, new RegExp(`#/users/${member.id}$`), "the member's page")
    await shows(page.getByText(member.email, { exact: true }), "the member's e-mail on its page")

    // The order number, picked with the arrow keys among what its start finds.
    const orderField = await searchFor(page, order.order_no.slice(0, -1).toLowerCase())
    await shows(record(page, 'orders', order.order_no), `order ${order.order_no} among the results`)
    await orderField.fill(order.order_no)
    await shows(record(page, 'orders', order.order_no), `order ${order.order_no} alone`)
    await orderField.press('ArrowDown')
    await orderField.press('ArrowUp')
    await orderField.press('Enter')
    await arrives(page, new RegExp(`#/orders/${order.id}$`), "the order's page")
    await shows(page.getByText(order.order_no, { exact: true }), 'the order number on its page')
    await context.close()
  })

  it('finds a member by phone in any of three formats, in Chinese at 1280 px', async () => {
    const username = `phone-search-${Date.now().toString(36)}`
    await asAdmin(product, '/api/users/batch-create', {
      method: 'POST',
      body: { rows: [{ username, phone: '+1 555 1006' }] },
    })
    const context = await loggedInContext(product)
    const page = await context.newPage()
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${product.server.url}/#/profile/index`)
    await shows(page.getByTestId('header-search'), 'the header search')
    for (const typed of ['+1 555 1006', '15551006', '1006']) {
      await searchFor(page, typed)
      await shows(record(page, 'users', username), `${username} found by ${typed}`)
    }
    await context.close()
  })

  it("shows a channel admin its channel's members, and not another channel's", async () => {
    const members = (await asAdmin<Listed<Member>>(product, '/api/users?per_page=100')).data
    const mine = members.find((m) => m.email && m.channel_id !== null)
    const theirs = members.find((m) => m.email && m.channel_id !== null && m.channel_id !== mine?.channel_id)
    if (!mine?.email || !theirs?.email) throw new Error('no demo members of two channels')
    const role = await asAdmin<{ data: { id: number } }>(product, '/api/roles', {
      method: 'POST',
      body: { name: 'E2E channel search', permissions: ['list-users', 'list-orders'] },
    })
    const admin = await asAdmin<{ data: { id: number } }>(product, '/api/admins', {
      method: 'POST',
      body: { ...CHANNEL_ADMIN, name: 'Channel search', role_ids: [role.data.id] },
    })
    await asAdmin(product, `/api/channels/${mine.channel_id}/admins`, {
      method: 'POST',
      body: { admin_id: admin.data.id },
    })

    // In Chinese, the app's default.
    const context = await contextAs(product, CHANNEL_ADMIN, 'zh-cn')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/profile/index`)
    await shows(page.getByTestId('header-search'), 'the header search')

    // The other channel's member: the answer comes, and holds nothing.
    await searchFor(page, theirs.email)
    await shows(page.getByText('没有匹配的结果'), 'the answer that nothing matches')
    expect(await page.getByTestId('search-record').count()).toBe(0)
    // Its own channel's member, by the same kind of text.
    await searchFor(page, mine.email)
    await shows(record(page, 'users', mine.username), `member ${mine.username} of its channel`)
    await shows(page.getByTestId('search-kind').filter({ hasText: '会员' }), 'the 会员 group')
    expect(await record(page, 'users', theirs.username).count()).toBe(0)
    await context.close()
  })
})
