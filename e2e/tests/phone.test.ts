import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedInContext, useProduct } from '../support/product.ts'
import { shows } from '../support/waits.ts'

const product = useProduct()
const WIDTH = 390

/** Whether a box lies within the phone's width, as a person sees it: not cut off either side. */
async function inWidth(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox()
  return box !== null && box.x >= 0 && box.x + box.width <= WIDTH
}

/** How far the page itself scrolls sideways (0: not at all). (A string: the root tsconfig has no DOM types.) */
const sideways = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')

/**
 * Issue 58 item 9: on a 390 px phone, in Chinese, the analytics toolbar wraps inside the screen, the orders
 * list shows its key columns (order number, member, amount, time) with the row's actions, and the search box
 * is there to be used.
 */
describe('the phone', () => {
  let page: Page
  beforeAll(async () => {
    page = await (await loggedInContext(product)).newPage()
    await page.setViewportSize({ width: WIDTH, height: 844 })
  })
  afterAll(() => page?.context().close())

  it('wraps the analytics toolbar inside the screen', async () => {
    await page.goto(`${product.server.url}/#/analytics/daily/channel`)
    const presets = page.getByTestId('analytics-presets')
    await presets.waitFor()
    const buttons = presets.getByRole('button')
    expect(await buttons.count()).toBe(7)
    for (const button of await buttons.all()) expect(await inWidth(button)).toBe(true)
    await shows(page.locator('.ant-picker-range'), 'the range field')
    for (const control of [
      page.locator('.ant-picker-range'),
      page.getByTestId('analytics-channel'),
      page.getByRole('button', { name: /导出/ }),
    ])
      expect(await inWidth(control)).toBe(true)
    expect(await sideways(page)).toBeLessThanOrEqual(0)
  })

  it('shows the orders list by its key columns, the row actions under the first', async () => {
    await page.goto(`${product.server.url}/#/orders`)
    const table = page.getByTestId('orders-table')
    const row = table.locator('tbody tr.ant-table-row').first()
    await row.waitFor()
    // Order number, member (by name), amount and time, each whole within the width.
    const fields = await row
      .locator('td[data-field]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-field')))
    expect(fields).toEqual(['order_no', 'user_id', 'amount', 'paid_at'])
    for (const field of fields) expect(await inWidth(row.locator(`td[data-field="${field}"]`))).toBe(true)
    expect(await row.locator('td[data-field="order_no"]').textContent()).toMatch(/^ORD\d+/)
    expect(await row.locator('td[data-field="amount"]').textContent()).toMatch(/^USD [\d,.]+$/)
    expect(await row.locator('td[data-field="user_id"]').textContent()).toMatch(/^member\d+$/)
    // The row's actions are there too, in the width.
    const view = row.getByRole('link', { name: '查看' })
    expect(await inWidth(view)).toBe(true)
    expect(await sideways(page)).toBeLessThanOrEqual(0)
  })

  it('shows the tickets list by subject, status and time, subjects broken between words', async () => {
    await page.goto(`${product.server.url}/#/questions/supports`)
    const row = page.getByTestId('supports-table').locator('tbody tr.ant-table-row').first()
    await row.waitFor()
    const fields = await row
      .locator('td[data-field]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-field')))
    expect(fields).toEqual(['subject', 'status', 'created_at'])
    for (const field of fields) expect(await inWidth(row.locator(`td[data-field="${field}"]`))).toBe(true)
    // Subjects of words wrap between them (a code alone may break anywhere): the demo's have words.
    const wraps = await page
      .getByTestId('supports-table')
      .locator('td[data-field="subject"] .cell-text')
      .evaluateAll((cells) =>
        cells
          .filter((cell) => /\s/.test(cell.textContent ?? ''))
          .map((cell) => getComputedStyle(cell).overflowWrap),
      )
    expect(wraps.length).toBeGreaterThan(0)
    expect(new Set(wraps)).toEqual(new Set(['break-word']))
    expect(await sideways(page)).toBeLessThanOrEqual(0)
  })

  it('reaches the search box and finds a member with it', async () => {
    const open = page.getByTestId('header-search')
    expect(await inWidth(open)).toBe(true)
    await open.click()
    const field = page.getByRole('combobox', { name: '搜索页面和记录' })
    await field.waitFor()
    expect(await inWidth(page.locator('.header-search-field'))).toBe(true)
    await field.fill('member10')
    const found = page.getByTestId('search-record').filter({ hasText: 'member101' }).first()
    await shows(found, 'the member found')
    expect(await inWidth(found)).toBe(true)
    await found.click()
    await page.waitForURL(/#\/users\/.*\d+$/)
  })
})
