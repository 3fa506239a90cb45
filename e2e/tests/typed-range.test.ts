import { addDays, dayIn } from '@vod/contract/periods'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'
import { shows } from '../support/waits.ts'

const product = useProduct()

/** The range field's two inputs, start and end. */
const inputs = (page: Page) => page.locator('.ant-picker-range input')

/** Types a day into one of the two inputs, over what it held, and presses Enter. */
async function typeDay(page: Page, which: 0 | 1, day: string) {
  const input = inputs(page).nth(which)
  await input.click()
  await input.press('Control+a')
  await input.pressSequentially(day)
  await input.press('Enter')
}

/**
 * Issue 58 item 5: a typed range on an analytics screen applies, or is refused in words in the screen's
 * language (it was put back without a word); nothing lands in the error log. The period picked is kept
 * across the analytics screens, "last month" among the presets. In English at 1440 px, in Chinese at 1280 px.
 */
describe('a typed range on the analytics screens', () => {
  let page: Page
  const errors: string[] = []
  beforeAll(async () => {
    page = await (await loggedInContext(product, 'en')).newPage()
    page.on('pageerror', (error) => errors.push(error.message))
  })
  afterAll(() => page?.context().close())

  it('applies a typed range, and asks for its days', async () => {
    await page.goto(`${product.server.url}/#/analytics/daily/revenue`)
    await inputs(page).first().waitFor()
    const asked = page.waitForRequest(
      (request) =>
        request.url().includes('/api/analytics/revenue/companyDataDaily') &&
        request.url().includes('start_date=2026-10-01') &&
        request.url().includes('end_date=2026-10-31'),
    )
    await typeDay(page, 0, '2026-10-01')
    await typeDay(page, 1, '2026-10-31')
    await asked
    await page.waitForURL(/start_date=2026-10-01&end_date=2026-10-31/)
    expect(await page.getByTestId('range-refused').count()).toBe(0)
  })

  it('refuses a text that is no day, and a period too long, in words', async () => {
    await typeDay(page, 1, '2026-13-45')
    const refused = page.getByTestId('range-refused')
    await shows(refused, 'the refusal')
    expect(await refused.textContent()).toBe(
      '"2026-13-45" is not a day: type the period as YYYY-MM-DD, such as 2026-10-01.',
    )
    await typeDay(page, 0, '2020-01-01')
    await typeDay(page, 1, '2026-10-31')
    await expect.poll(() => refused.textContent()).toBe('A period may span at most 1098 days.')
    // Refused, so the period shown and asked for is still October's.
    expect(page.url()).toContain('start_date=2026-10-01&end_date=2026-10-31')
    // A range that holds again applies, and the refusal goes.
    await typeDay(page, 0, '2026-09-01')
    await typeDay(page, 1, '2026-09-30')
    await page.waitForURL(/start_date=2026-09-01&end_date=2026-09-30/)
    await expect.poll(() => refused.count()).toBe(0)
    // Nothing went to the error log, and nothing was thrown.
    expect(await page.getByTestId('error-log').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('keeps last month across the analytics screens', async () => {
    const { meta } = await asAdmin<{ meta: { time_zone: string } }>(
      product,
      '/api/analytics/data/daily?start_date=2026-10-01&end_date=2026-10-01',
    )
    const today = dayIn(meta.time_zone)
    const lastEnd = addDays(`${today.slice(0, 8)}01`, -1)
    await page.getByRole('button', { name: 'Last month' }).click()
    await expect.poll(() => inputs(page).nth(1).inputValue()).toBe(lastEnd)
    // Another analytics screen, its address naming no period, opens on last month.
    await page.goto(`${product.server.url}/#/analytics/daily/channel`)
    await expect.poll(() => inputs(page).first().inputValue()).toBe(`${lastEnd.slice(0, 8)}01`)
    expect(await inputs(page).nth(1).inputValue()).toBe(lastEnd)
    expect(await page.getByRole('button', { name: 'Last month' }).getAttribute('class')).toContain(
      'ant-btn-primary',
    )
  })

  it('refuses in Chinese on a Chinese screen', async () => {
    const zh = await (await loggedInContext(product)).newPage()
    await zh.setViewportSize({ width: 1280, height: 900 })
    await zh.goto(`${product.server.url}/#/analytics/daily/revenue`)
    await inputs(zh).first().waitFor()
    await typeDay(zh, 0, '2026-10-20')
    await typeDay(zh, 1, '2026-10-05x')
    const refused = zh.getByTestId('range-refused')
    await shows(refused, 'the refusal')
    expect(await refused.textContent()).toBe(
      '“2026-10-05x”不是日期：请按 YYYY-MM-DD 输入时间段，例如 2026-10-01。',
    )
    await zh.context().close()
  })
})
