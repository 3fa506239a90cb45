import { addDays, dayIn } from '@vod/contract/periods'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

/** Issue 58, item 5: the dashboard for any month; in Chinese at 1280 px. */
describe('the dashboard period picker', () => {
  let page: Page
  beforeAll(async () => {
    page = await (await loggedInContext(product, 'zh-cn')).newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
  })
  afterAll(() => page?.context().close())

  it('shows last month and this month, asking for their business days', async () => {
    const { data } = await asAdmin<{ data: { time_zone: string } }>(product, '/api/dashboard')
    const today = dayIn(data.time_zone)
    const lastEnd = addDays(`${today.slice(0, 8)}01`, -1)
    await page.goto(`${product.server.url}/#/dashboard`)
    const picker = page.getByTestId('dashboard-period')
    await picker.waitFor()
    const asked = page.waitForRequest(
      (request) =>
        request.url().includes('/api/dashboard/revenueTrend') &&
        request.url().includes(`start_date=${lastEnd.slice(0, 8)}01`) &&
        request.url().includes(`end_date=${lastEnd}`),
    )
    await picker.getByText('上月').click()
    await asked
    await page.getByText('收入（上月）').first().waitFor()
    // A totals row under last month's days, as the server summed them.
    const { meta } = await asAdmin<{ meta: { totals: Record<string, string> } }>(
      product,
      `/api/dashboard/revenueTrend?start_date=${lastEnd.slice(0, 8)}01&end_date=${lastEnd}`,
    )
    const totals = page.getByTestId('revenue-trend-totals')
    const gross = Number(meta.totals.gross).toLocaleString('en', { minimumFractionDigits: 2 })
    // Polled for last month's sum itself: the row keeps the previous period's totals until the new answer lands.
    await expect.poll(() => totals.textContent()).toContain('合计')
    await expect.poll(() => totals.textContent()).toContain(`USD ${gross}`)
    const thisMonth = page.waitForRequest(
      (request) =>
        request.url().includes('/api/dashboard/channelList') &&
        request.url().includes(`start_date=${today.slice(0, 8)}01`),
    )
    await picker.getByText('本月').click()
    await thisMonth
    await page.getByText('渠道排行（本月）').waitFor()
    expect(await page.getByText('收入（最近 30 天）').count()).toBe(0)
  })
})
