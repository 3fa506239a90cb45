import { describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

// What the page's elements offer here (the root tsconfig has no DOM types).
interface Scrolled {
  querySelector(selector: string): { scrollWidth: number; clientWidth: number } | null
}

/** The walkthrough's widest lists (issue 24): at 1440 px their default columns fit their card. */
const lists = [
  ['videos', '/videos'],
  ['users', '/users'],
  ['plans', '/plans'],
  ['orders', '/orders'],
  ['segpay-payout-reports', '/orders/segpays'],
] as const

describe('wide lists on a laptop screen, end to end in Chromium', () => {
  it('fit their default columns in the card at 1440 px in both languages: nothing scrolls sideways or hides under the actions', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.setViewportSize({ width: 1440, height: 900 })
    // Campaigns are listed on their channel's page.
    const [channel] = (await asAdmin<{ data: { id: number }[] }>(product, '/api/channels?per_page=1')).data
    const all = [...lists, ['campaigns', `/channels/${channel?.id}`]] as const
    const widths: Record<string, number> = {}
    const expected: Record<string, number> = {}
    for (const language of ['en', 'zh-cn']) {
      // The language the app keeps, taken at the next page load.
      await context.addCookies([{ name: 'language', value: language, url: product.server.url }])
      if (page.url() !== 'about:blank') await page.reload()
      for (const [name, path] of all) {
        await page.goto(`${product.server.url}/#${path}`)
        const table = page.locator(`[data-testid="${name}-table"]:visible`)
        await table.locator('tbody tr.ant-table-row').first().waitFor()
        // How far the table's content reaches past its scrolling box.
        widths[`${language} ${name}`] = await table.evaluate((el: Scrolled) => {
          const box = el.querySelector('.ant-table-content, .ant-table-body')
          return box ? box.scrollWidth - box.clientWidth : -1
        })
        expected[`${language} ${name}`] = 0
      }
    }
    expect(widths).toEqual(expected)
    await context.close()
  })
})
