import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedInContext, useProduct } from '../support/product.ts'
import { arrives } from '../support/waits.ts'

const product = useProduct()

/** The range field's two inputs on the kept screen at `view` (others stay in the page, hidden). */
const inputs = (page: Page, view: string) => page.locator(`[data-view="${view}"] .ant-picker-range input`)

/** Types a day into one of the two inputs over what it held; Enter applies it, else focus stays in it. */
async function typeDay(page: Page, view: string, which: 0 | 1, day: string, enter = true) {
  const input = inputs(page, view).nth(which)
  await input.click()
  await input.press('Control+a')
  await input.pressSequentially(day)
  if (enter) await input.press('Enter')
}

const REVENUE = '/analytics/daily/revenue'
const CHANNEL = '/analytics/daily/channel'

/**
 * Issue 68 item 9: a range typed on one analytics screen, then another, threw "Cannot read properties of
 * null (reading 'nativeElement')". A screen left with focus in its date picker is kept, hidden (React's
 * Activity, which detaches its refs); Chromium then blurred the hidden input and the picker's blur handler
 * read its detached ref. Leaving now lets the focus go while the screen is still shown, and a range half
 * typed is not applied by it. Nothing thrown, nothing logged as an error, in English at 1440 px.
 */
describe('a typed range on one analytics screen, then another', () => {
  let page: Page
  const errors: string[] = []
  beforeAll(async () => {
    page = await (await loggedInContext(product, 'en')).newPage()
    page.on('pageerror', (error) => errors.push(`thrown: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`)
    })
  })
  afterAll(() => page?.context().close())

  it('throws nothing when the screen is left with focus in its range', async () => {
    await page.goto(`${product.server.url}/#${REVENUE}`)
    await inputs(page, REVENUE).first().waitFor()
    await typeDay(page, REVENUE, 0, '2026-10-01')
    await typeDay(page, REVENUE, 1, '2026-10-31')
    await arrives(page, /start_date=2026-10-01&end_date=2026-10-31/, 'the typed range on the revenue screen')

    await page.getByTestId('sidebar').getByRole('menuitem', { name: 'Daily channel statistics' }).click()
    await arrives(page, /#\/analytics\/daily\/channel/, 'the channel screen')
    await inputs(page, CHANNEL).first().waitFor()
    // A range on the channel screen, its end typed but not entered: the focus is in the picker when the
    // browser goes back (which moves no focus), so the channel screen is hidden with the focus in it.
    await typeDay(page, CHANNEL, 0, '2026-09-01')
    await typeDay(page, CHANNEL, 1, '2026-09-30', false)
    await page.goBack()
    await arrives(page, /#\/analytics\/daily\/revenue\?start_date=2026-10-01/, 'the revenue screen again')
    await expect.poll(() => inputs(page, REVENUE).first().isVisible()).toBe(true)
    expect(await page.evaluate(() => document.activeElement?.closest('[data-view]') ?? null)).toBeNull()

    // Typing on this screen blurs nothing hidden, and applies.
    await typeDay(page, REVENUE, 0, '2026-08-01')
    await typeDay(page, REVENUE, 1, '2026-08-31')
    await arrives(page, /start_date=2026-08-01&end_date=2026-08-31/, 'the second typed range')
    // The range half typed on the screen left was not applied as it went: the address is still this screen's.
    expect(page.url()).toContain(`#${REVENUE}?`)

    // And over to the channel screen by the menu and back by the browser once more, typing each time.
    await page.getByTestId('sidebar').getByRole('menuitem', { name: 'Daily channel statistics' }).click()
    await arrives(page, /#\/analytics\/daily\/channel/, 'the channel screen again')
    await typeDay(page, CHANNEL, 0, '2026-07-01')
    await typeDay(page, CHANNEL, 1, '2026-07-31')
    await arrives(
      page,
      /channel\?start_date=2026-07-01&end_date=2026-07-31/,
      'the range on the channel screen',
    )
    await typeDay(page, CHANNEL, 0, '2026-06-01', false)
    await page.goBack()
    await arrives(page, /#\/analytics\/daily\/revenue/, 'the revenue screen a third time')
    await typeDay(page, REVENUE, 0, '2026-05-01')
    await typeDay(page, REVENUE, 1, '2026-05-31')
    await arrives(page, /start_date=2026-05-01&end_date=2026-05-31/, 'the third typed range')

    expect(errors).toEqual([])
    expect(await page.getByTestId('error-log').count()).toBe(0)
  })
})
