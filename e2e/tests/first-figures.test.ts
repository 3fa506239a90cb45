import type { BrowserContext, Page, Route } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { type Language, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

/**
 * Issue 36 item 6: a screen's figures are asked for with its route, in parallel with its code, and show
 * without the chart's code. Issue 36 item 7: channel analytics keeps its channel and period in the address.
 */

/** A figure of the screen shown (the dashboard's live panels, an analytics screen's totals). */
const firstFigure = (page: Page) => page.locator('.shell-view .ant-statistic-content').first()

/**
 * Holds the responses of the files matching `pattern` until `release` is called: whatever the page asks
 * for meanwhile was asked for without them.
 */
async function hold(context: BrowserContext, pattern: RegExp) {
  const held: Route[] = []
  let released = false
  let asked = 0
  await context.route(pattern, (route) => {
    asked += 1
    if (released) void route.continue()
    else held.push(route)
  })
  return {
    /** How many times the files were asked for (held or not): the pattern names real files. */
    asked: () => asked,
    release: async () => {
      released = true
      await Promise.all(held.splice(0).map((route) => route.continue()))
    },
  }
}

let context: BrowserContext | undefined
afterEach(async () => {
  await context?.close()
  context = undefined
})

describe('first figures, end to end in Chromium', () => {
  it("asks for channel analytics' figures while the screen's code is still loading", async () => {
    context = await loggedInContext(product, 'en')
    const screenCode = await hold(context, /\/assets\/(ChannelPage|AnalyticsPage)-[\w-]+\.js$/)
    const page = await context.newPage()
    // Before this change the figures were asked for by the screen, so not before its code had arrived.
    const asked = page.waitForRequest(/\/api\/analytics\/channel\/records\?/)
    await page.goto(`${product.server.url}/#/analytics/daily/channel`, { waitUntil: 'commit' })
    await asked
    await screenCode.release()
    await firstFigure(page).waitFor()
    expect(screenCode.asked()).toBeGreaterThan(0)
  })

  it("asks for the dashboard's figures while the dashboard's code is still loading", async () => {
    context = await loggedInContext(product, 'en')
    const screenCode = await hold(context, /\/assets\/DashboardPage-[\w-]+\.js$/)
    const page = await context.newPage()
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/dashboard')
    await page.goto(`${product.server.url}/#/dashboard`, { waitUntil: 'commit' })
    await asked
    await screenCode.release()
    await firstFigure(page).waitFor()
    expect(screenCode.asked()).toBeGreaterThan(0)
  })

  it("asks for the frame's code and the dashboard's figures before the app's entry has arrived", async () => {
    context = await loggedInContext(product, 'en')
    // Issue 58 item 10: they were asked for only once the entry had arrived and run (a third of a second).
    const entry = await hold(context, /\/assets\/index-[\w-]+\.js$/)
    const page = await context.newPage()
    const frame = page.waitForRequest(/\/assets\/shell-[\w-]+\.js$/)
    const screen = page.waitForRequest(/\/assets\/DashboardPage-[\w-]+\.js$/)
    const figures = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/dashboard')
    await page.goto(`${product.server.url}/#/dashboard`, { waitUntil: 'commit' })
    await Promise.all([frame, screen, figures])
    expect(entry.asked()).toBeGreaterThan(0)
    await entry.release()
    // The app takes those answers as its own: the figure shows, and the session's call was made once.
    const sessionCalls: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/me') sessionCalls.push(request.url())
    })
    await firstFigure(page).waitFor()
    expect(sessionCalls).toEqual([])
  })

  it("shows the figures of both screens without the charts' code, which is asked for after their data", async () => {
    context = await loggedInContext(product, 'en')
    // ECharts never arrives.
    await hold(context, /\/assets\/echarts-setup-[\w-]+\.js$/)
    const firstAsked = async (path: string) => {
      const page = await (context as BrowserContext).newPage()
      const order: string[] = []
      page.on('request', (request) => {
        const { pathname } = new URL(request.url())
        if (pathname.startsWith('/api/')) order.push(pathname)
        else if (/\/assets\/echarts-setup-/.test(pathname)) order.push('charts')
      })
      await page.goto(`${product.server.url}/#${path}`)
      await firstFigure(page).waitFor()
      await page.close()
      return order.filter((asked) => asked === 'charts' || !asked.startsWith('/api/auth/'))
    }
    // Each screen's first figures are asked for before the charts' code, and show without it.
    expect((await firstAsked('/dashboard'))[0]).toBe('/api/dashboard')
    expect((await firstAsked('/analytics/daily/channel'))[0]).toBe('/api/analytics/channel/records')
  })

  it.each([
    [
      '/analytics/daily/channel',
      ['[data-testid="analytics-table"]', '[data-testid="analytics-split-table"]', '.ant-picker-range'],
    ],
    [
      '/dashboard',
      // The 30 days' table, and the plans' and devices' beside each other.
      ['[data-testid="revenue-trend-table"]', '.ant-col-xl-6 .ant-table'],
    ],
  ])('shows the figures of %s before its tables, which follow them', async (path, parts) => {
    context = await loggedInContext(product, 'en')
    // The charts with their tables, the split's, the dashboard's tables and the date picker: held until released.
    const later = await hold(
      context,
      /\/assets\/(FiguresChart|SplitFigures|DashboardTable|RangeField)-[\w-]+\.js$/,
    )
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#${path}`)
    await firstFigure(page).waitFor()
    const view = page.locator('.shell-view')
    await expect.poll(() => later.asked(), { timeout: scaled(15_000) }).toBeGreaterThan(0)
    // Before this change the figures came with the tables and the picker: not while their code was held.
    expect(await view.locator('.ant-table, .ant-picker-range').count()).toBe(0)
    await later.release()
    for (const part of parts) await view.locator(part).first().waitFor()
  })
})

const words = {
  en: { last30: 'Last 30 days', allChannels: 'All channels' },
  'zh-cn': { last30: '最近 30 天', allChannels: '全部渠道' },
} as const

/** The channel picker's shown value. */
const pickedChannel = (page: Page) => page.getByTestId('analytics-channel').textContent()

describe.each(['en', 'zh-cn'] as Language[])('channel analytics in the address (%s)', (language) => {
  it('keeps the channel and the period picked across a reload', async () => {
    context = await loggedInContext(product, language)
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/analytics/daily/channel`)
    await page.getByRole('button', { name: words[language].last30 }).click()
    await page.getByTestId('analytics-channel').click()
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1)
    const channelName = ((await option.textContent()) ?? '').trim()
    expect(channelName).not.toBe(words[language].allChannels)
    await option.click()
    await page.waitForURL(/[?&]channel=\d+/)
    const hash = new URL(page.url()).hash
    expect(hash).toMatch(/^#\/analytics\/daily\/channel\?/)
    expect(new URLSearchParams(hash.split('?')[1]).get('preset')).toBe('last30')
    const channel = new URLSearchParams(hash.split('?')[1]).get('channel')

    // After a reload (or in a colleague's browser) the same view, and its figures asked for by the address.
    const asked = page.waitForRequest(new RegExp(`/api/analytics/channel/${channel}/records\\?`))
    await page.reload()
    const request = new URL((await asked).url())
    const start = request.searchParams.get('start_date') as string
    const end = request.searchParams.get('end_date') as string
    expect((Date.parse(end) - Date.parse(start)) / 86_400_000).toBe(29)
    await expect.poll(() => pickedChannel(page)).toContain(channelName)
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: words[language].last30 })
          .evaluate((button) => button.classList.contains('ant-btn-primary')),
      )
      .toBe(true)
    await firstFigure(page).waitFor()
    expect(new URL(page.url()).hash).toBe(hash)
  })

  it('opens a range named in the address', async () => {
    context = await loggedInContext(product, language)
    const page = await context.newPage()
    const asked = page.waitForRequest(/\/api\/analytics\/channel\/records\?/)
    await page.goto(
      `${product.server.url}/#/analytics/daily/channel?start_date=2026-10-01&end_date=2026-10-10`,
    )
    const request = new URL((await asked).url())
    expect(request.searchParams.get('start_date')).toBe('2026-10-01')
    expect(request.searchParams.get('end_date')).toBe('2026-10-10')
    const range = page.locator('.shell-view .ant-picker-range input')
    await expect
      .poll(() => range.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))
      .toEqual(['2026-10-01', '2026-10-10'])
    await expect.poll(() => pickedChannel(page)).toContain(words[language].allChannels)
  })
})
