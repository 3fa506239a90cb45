import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type InformationType, informationTypes } from '../../contract/src/resources/informations.ts'
import { informationsLocale } from '../../web/src/resources/informations/locale.ts'
import { asAdmin, contextAs, type Language, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

type Listed<T> = { data: T[] }
interface Order {
  id: number
  amount: string
  paid_at: string | null
  refunded: string
  charged_back: string
}

const languages = ['zh-cn', 'en'] as const satisfies Language[]
/** The language cookie an admin in `language` has: none for zh-cn, the app's default. */
const cookieOf = (language: Language) => (language === 'en' ? 'en' : undefined)

/** The titles of the options an open antd select lists. */
const optionTitles = (page: Page) =>
  page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .evaluateAll((options) => options.map((option) => option.getAttribute('title') ?? ''))

describe('the smaller fixes of issue 36, end to end in Chromium', () => {
  it('a fully refunded order offers no more refunds or chargebacks and shows that nothing is left', async () => {
    // A paid order nothing went back of yet, the longest paid (other files take the newest).
    const listed = await asAdmin<Listed<Order>>(product, '/api/orders?per_page=100&sort=paid_at')
    const order = listed.data.find(
      (o) => o.paid_at !== null && Number(o.refunded) === 0 && Number(o.charged_back) === 0,
    )
    if (!order) throw new Error('no paid order without refunds in the demo data')
    const cents = Math.round(Number(order.amount) * 100)
    await asAdmin(product, `/api/orders/${order.id}/refund`, { method: 'POST', body: { amount: '0.01' } })
    for (const language of languages) {
      const context = await loggedInContext(product, cookieOf(language))
      const page = await context.newPage()
      await page.goto(`${product.server.url}/#/orders/${order.id}`)
      // Part refunded: both stay offered, and what is left is the amount less the cent.
      await expect
        .poll(() => page.getByTestId('order-left').textContent())
        .toBe(((cents - 1) / 100).toFixed(2))
      expect(await page.getByTestId('order-refund').isEnabled()).toBe(true)
      expect(await page.getByTestId('order-chargeback').isEnabled()).toBe(true)
      await context.close()
    }
    await asAdmin(product, `/api/orders/${order.id}/refund`, {
      method: 'POST',
      body: { amount: ((cents - 1) / 100).toFixed(2) },
    })
    for (const language of languages) {
      const context = await loggedInContext(product, cookieOf(language))
      const page = await context.newPage()
      await page.goto(`${product.server.url}/#/orders/${order.id}`)
      await expect.poll(() => page.getByTestId('order-left').textContent()).toBe('0.00')
      expect(await page.getByTestId('order-refund').isDisabled()).toBe(true)
      expect(await page.getByTestId('order-chargeback').isDisabled()).toBe(true)
      // Named in the page's language beside the figure.
      expect(await page.getByText(language === 'en' ? 'Left to give back' : '剩余可退').count()).toBe(1)
      await context.close()
    }
  })

  it('the refund statistics have a menu entry, for whoever may read them only', async () => {
    for (const language of languages) {
      const label = language === 'en' ? 'Refund statistics' : '退款统计'
      const context = await loggedInContext(product, cookieOf(language))
      const page = await context.newPage()
      // The analytics group opens with its first screen.
      await page.goto(`${product.server.url}/#/analytics/daily/revenue`)
      const sidebar = page.getByTestId('sidebar')
      await sidebar.getByRole('menuitem', { name: label }).click()
      await page.waitForURL(/#\/analytics\/daily\/refund-statistics$/)
      await context.close()
    }
    // A role that reads the daily revenue but not the refund statistics sees the one and not the other.
    const suffix = Date.now().toString(36)
    const role = await asAdmin<{ data: { id: number } }>(product, '/api/roles', {
      method: 'POST',
      body: { name: `E2E revenue reader ${suffix}`, permissions: ['list-daily-revenue'] },
    })
    const reader = { username: `e2e-revenue-${suffix}`, password: 'reader-passw0rd' }
    await asAdmin(product, '/api/admins', {
      method: 'POST',
      body: { ...reader, name: 'E2E Revenue Reader', role_ids: [role.data.id] },
    })
    const context = await contextAs(product, reader, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/analytics/daily/revenue`)
    const sidebar = page.getByTestId('sidebar')
    await sidebar.getByRole('menuitem', { name: 'Daily revenue' }).waitFor()
    expect(await sidebar.getByRole('menuitem', { name: 'Refund statistics' }).count()).toBe(0)
    await context.close()
  })

  it('the information page form offers only the types without a page (and, on edit, the page’s own)', async () => {
    const pages = (await asAdmin<Listed<{ id: number; type: InformationType }>>(product, '/api/informations'))
      .data
    const taken = pages.map((page) => page.type)
    const free = informationTypes.filter((type) => !taken.includes(type))
    const [own] = pages
    if (!own) throw new Error('no information page in the demo data')
    for (const language of languages) {
      const named = (types: readonly InformationType[]) =>
        types.map((type) => informationsLocale[language].values.type[type])
      const context = await loggedInContext(product, cookieOf(language))
      const page = await context.newPage()
      await page.goto(`${product.server.url}/#/blocks/informations/create`)
      // The type is the form's one choice (antd draws its box over the input).
      await page
        .locator('.shell-view[data-view="/blocks/informations/create"] form .ant-select')
        .first()
        .click()
      await expect.poll(() => optionTitles(page)).toEqual(named(free))
      await page.keyboard.press('Escape')
      const edit = `/blocks/informations/${own.id}/edit`
      await page.goto(`${product.server.url}/#${edit}`)
      // The edit screen's own form (the create screen stays in the page, hidden, as a kept tab).
      const editor = page.locator(`.shell-view[data-view="${edit}"] form`)
      await editor.locator('.ant-select').first().click()
      await expect
        .poll(() => optionTitles(page))
        .toEqual(named(informationTypes.filter((type) => type === own.type || free.includes(type))))
      await context.close()
    }
  })

  it("shows where a block's dragged video will land before it is dropped", async () => {
    const created = async (path: string, body: unknown) =>
      (await asAdmin<{ data: { id: number } }>(product, path, { method: 'POST', body })).data.id
    const videos: number[] = []
    for (const n of [1, 2, 3])
      videos.push(await created('/api/videos', { title: `E2E Drop ${n}`, serial_number: `E2E-DROP-${n}` }))
    const [first, second, third] = videos as [number, number, number]
    const block = await created('/api/blocks', { title: 'E2E Drop row', sort: 1 })
    await asAdmin(product, `/api/blocks/${block}/videos`, { method: 'POST', body: { ids: videos } })

    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    // Tall enough that the rows are far from the window's edge, where a drag scrolls the page.
    await page.setViewportSize({ width: 1440, height: 1600 })
    await page.goto(`${product.server.url}/#/blocks/${block}`)
    const rows = page.getByTestId('videos-children').locator('tbody tr.ant-table-row')
    await rows.nth(2).waitFor()
    await rows.nth(2).scrollIntoViewIfNeeded()
    const handle = await page.getByTestId(`drag-${first}`).boundingBox()
    const target = await rows.nth(1).boundingBox()
    if (!handle || !target) throw new Error('rows not laid out')
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2)
    await page.mouse.down()
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 + 10, { steps: 3 })
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 + target.height + 4, {
      steps: 10,
    })
    // Held over the second video: a line under it, where the first will go.
    const marked = page.locator('tr[data-drop]')
    await expect.poll(() => marked.count()).toBe(1)
    expect(await marked.getAttribute('data-row-key')).toBe(String(second))
    expect(await marked.getAttribute('data-drop')).toBe('after')
    const line = await marked
      .locator('td')
      .first()
      .evaluate((cell: unknown) => getComputedStyle(cell as Element).boxShadow)
    expect(line).not.toBe('none')
    await page.mouse.up()
    await expect.poll(() => page.locator('tr[data-drop]').count()).toBe(0)
    await expect
      .poll(async () =>
        (await asAdmin<Listed<{ id: number }>>(product, `/api/blocks/${block}/videos`)).data.map((v) => v.id),
      )
      .toEqual([second, first, third])
    await context.close()
  })

  it('at 375 px the dashboard takes the width with even margins, and the settings button covers none of it', async () => {
    for (const language of languages) {
      const context = await loggedInContext(product, cookieOf(language))
      const page = await context.newPage()
      await page.setViewportSize({ width: 375, height: 800 })
      await page.goto(`${product.server.url}/#/dashboard`)
      const cards = page.locator('.shell-main .ant-card:visible')
      await cards.first().waitFor()
      const boxes = await cards.evaluateAll((found) =>
        found.map((card) => {
          const { left, right, top, bottom } = card.getBoundingClientRect()
          return { left, right, top, bottom }
        }),
      )
      expect(boxes.length).toBeGreaterThan(0)
      // The outermost cards reach as near the right edge as the left: no gutter kept for the button.
      const left = Math.min(...boxes.map((box) => box.left))
      const right = 375 - Math.max(...boxes.map((box) => box.right))
      expect(Math.abs(right - left), `${language}: ${left} px left, ${right} px right`).toBeLessThanOrEqual(1)
      expect(right).toBeLessThanOrEqual(16)
      // The trend's tables scroll inside their cards; the page itself never scrolls sideways.
      await page.getByTestId('revenue-trend-table').waitFor()
      const wide = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(wide, `${language}: the page is ${wide} px wide`).toBeLessThanOrEqual(375)
      // The settings button is on screen and over none of the screen's content.
      const gear = await page.getByTestId('settings-button').boundingBox()
      const main = await page.locator('.shell-main').boundingBox()
      expect(gear).not.toBeNull()
      if (!gear || !main) continue
      expect(gear.x + gear.width).toBeLessThanOrEqual(375)
      const overlaps = gear.y + gear.height > main.y && gear.y < main.y + main.height
      expect(overlaps, `${language}: the settings button is over the content`).toBe(false)
      // And it still opens the settings.
      await page.getByTestId('settings-button').click()
      await page.getByRole('dialog').waitFor()
      await context.close()
    }
  })
})
