import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { asAdmin, type Language, loggedInContext, useProduct } from '../support/product.ts'

/**
 * Issue 36, item 2: money that reconciles on the screen. Every money screen (the analytics' revenue, channel,
 * campaign, daily data and refund statistics, and the dashboard) shows gross, fees, refunds, chargebacks and
 * net revenue, each equal to the API (and the CSV where there is one) and with its change against the period
 * before as a percentage; campaigns have a chart; money and counts have an axis each and the legend covers
 * none; the tables fit their cards at 1440 and 800 px; the dashboard's today panel is today's row of its table.
 */

const product = useProduct()

const money = ['gross', 'fees', 'refunds', 'chargebacks', 'net'] as const
type Money = (typeof money)[number]
type Figures = Record<Money, string> & Record<string, unknown>

/** Cents from money as the screen shows it ("USD 1,234.50", "USD -3.00") or the API writes it ("1234.50"). */
const cents = (text: unknown) => {
  const value = String(text)
  const digits = Math.round(Number(value.replace(/[^\d.]/g, '')) * 100)
  return /(^|\s)[-−]\d/.test(value) ? -digits : digits
}

/** The percentage a change text shows ("+12.3% against ..."), null when it shows none. */
const percentOf = (text: string) => {
  const match = /([+\-−]?\d+(?:[.,]\d+)?)\s*%/.exec(text)
  return match ? Number((match[1] as string).replace('−', '-').replace(',', '.')) : null
}

/** The change the screen should show: from before to now as a percentage of before, none when before is 0. */
const expectedPercent = (now: string, before: string) => {
  const b = cents(before)
  return b === 0 ? null : ((cents(now) - b) / Math.abs(b)) * 100
}

const DAY_MS = 86_400_000
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

async function login(): Promise<string> {
  const res = await fetch(`${product.server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: product.admin.username, password: product.admin.password }),
  })
  return ((await res.json()) as { access_token: string }).access_token
}

/** A CSV export's money columns summed over its rows, in cents. */
async function csvTotals(path: string): Promise<Record<Money, number>> {
  const res = await fetch(`${product.server.url}${path}`, {
    headers: { authorization: `Bearer ${await login()}` },
  })
  expect(res.status, path).toBe(200)
  const [header, ...lines] = (await res.text())
    .replace(/^\ufeff/, '')
    .trim()
    .split('\n')
  const columns = (header ?? '').split(',')
  const totals = Object.fromEntries(money.map((figure) => [figure, 0])) as Record<Money, number>
  for (const line of lines) {
    const cells = line.split(',')
    for (const figure of money) {
      expect(columns, path).toContain(figure)
      totals[figure] += cents(cells[columns.indexOf(figure)])
    }
  }
  return totals
}

interface Screen {
  path: string
  /** The period's figures and the period before's, as the API gives them. */
  figures: (period: string, before: string) => Promise<[Figures, Figures]>
  csv?: string
  chart: string
}

const totals = async (path: string, period: string) =>
  (await asAdmin<{ meta: { totals: Figures } }>(product, `${path}?${period}`)).meta.totals
const series = (path: string) => async (period: string, before: string) =>
  [await totals(path, period), await totals(path, before)] as [Figures, Figures]

/** A split's rows added up (campaigns have no series): each order counts for one channel and campaign. */
const summed = async (path: string, period: string) => {
  const rows = (await asAdmin<{ data: Figures[] }>(product, `${path}?${period}`)).data
  return Object.fromEntries(
    money.map((figure) => [
      figure,
      (rows.reduce((all, row) => all + cents(row[figure]), 0) / 100).toFixed(2),
    ]),
  ) as Figures
}

const screens: Record<string, Screen> = {
  revenue: {
    path: 'revenue',
    figures: series('/api/analytics/revenue/companyDataDaily'),
    csv: '/api/analytics/revenue/exportCsv',
    chart: 'analytics-chart',
  },
  channel: {
    path: 'channel',
    figures: series('/api/analytics/channel/records'),
    csv: '/api/analytics/channel/exportCsv',
    chart: 'analytics-chart',
  },
  campaign: {
    path: 'campaign',
    figures: async (period, before) => [
      await summed('/api/analytics/campaign/statistic', period),
      await summed('/api/analytics/campaign/statistic', before),
    ],
    chart: 'analytics-split-chart',
  },
  dailyData: { path: 'daily-data', figures: series('/api/analytics/data/daily'), chart: 'analytics-chart' },
  refundStatistics: {
    path: 'refund-statistics',
    figures: series('/api/analytics/refund-statistics'),
    chart: 'analytics-chart',
  },
}

/** The five money figures a screen shows (`figure-{name}`), in cents, and the text under each. */
async function shownFigures(scope: Locator) {
  const shown: Record<string, { cents: number; change: string }> = {}
  for (const figure of money) {
    const box = scope.getByTestId(`figure-${figure}`)
    if ((await box.count()) !== 1) return null
    shown[figure] = {
      cents: cents(await box.locator('.ant-statistic-content').textContent()),
      change: (await box.getByTestId(`figure-${figure}-change`).textContent()) ?? '',
    }
  }
  return shown
}

/** Nothing scrolls sideways, no table passes its card, no header is cut or wraps a character a line. */
async function fits(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = []
    const root = document.scrollingElement ?? document.documentElement
    if (root.scrollWidth > root.clientWidth + 1)
      problems.push(`page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`)
    for (const table of document.querySelectorAll<HTMLElement>('.ant-card .ant-table-wrapper table')) {
      const card = table.closest('.ant-card-body') as HTMLElement
      const name = table.closest('[data-testid]')?.getAttribute('data-testid') ?? 'a table'
      const right = table.getBoundingClientRect().right
      const edge = card.getBoundingClientRect().right
      if (right > edge + 1) problems.push(`${name} passes its card: ${right} > ${edge}`)
      for (const th of table.querySelectorAll<HTMLElement>('thead th')) {
        const text = (th.textContent ?? '').trim()
        if (th.scrollWidth > th.clientWidth + 1) problems.push(`${name}: "${text}" is cut off`)
        const range = document.createRange()
        range.selectNodeContents(th)
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
        if (text.length > 1 && lines > 2) problems.push(`${name}: "${text}" wraps to ${lines} lines`)
      }
    }
    return problems
  })
}

interface Rect {
  x: number
  y: number
  width: number
  height: number
}
const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** A chart's layout as it drew it (components/echart/EChart.tsx `data-layout`). */
async function chartLayout(chart: Locator) {
  await expect.poll(() => chart.getAttribute('data-layout')).not.toBeNull()
  return JSON.parse((await chart.getAttribute('data-layout')) as string) as {
    yAxes: number
    legend: Rect | null
    axes: Rect[]
  }
}

/** What is wrong with a chart's layout: not two y axes (money, counts), or a legend over an axis. */
function chartProblems(layout: Awaited<ReturnType<typeof chartLayout>>) {
  const problems: string[] = []
  if (layout.yAxes !== 2) problems.push(`${layout.yAxes} y axes`)
  if (!layout.legend) problems.push('no legend')
  if (layout.axes.length !== 3) problems.push(`${layout.axes.length} axes drawn`)
  for (const axis of layout.axes)
    if (layout.legend && overlaps(layout.legend, axis))
      problems.push(`legend ${JSON.stringify(layout.legend)} over axis ${JSON.stringify(axis)}`)
  return problems
}

const words = {
  en: { last30: 'Last 30 days' },
  'zh-cn': { last30: '最近 30 天' },
} as const

describe('money screens reconcile, in both languages', () => {
  beforeAll(async () => {
    // A refund and a chargeback today, so each screen's refunds and chargebacks are more than zero.
    const listed = await asAdmin<{ data: { id: number; amount: string; events: unknown[] }[] }>(
      product,
      '/api/orders?per_page=50&sort=-paid_at',
    )
    const [first, second] = listed.data.filter((row) => row.events.length === 0)
    if (!first || !second) throw new Error('no demo orders without refunds')
    await asAdmin(product, `/api/orders/${first.id}/refund`, { method: 'POST', body: { amount: '1.25' } })
    await asAdmin(product, `/api/orders/${second.id}/chargeback`, {
      method: 'POST',
      body: { amount: '2.50' },
    })
  })

  for (const language of ['en', 'zh-cn'] as Language[]) {
    describe(language, () => {
      let page: Page
      beforeAll(async () => {
        const context = await loggedInContext(product, language === 'en' ? 'en' : undefined)
        page = await context.newPage()
      })
      afterAll(() => page?.context().close())

      for (const [name, screen] of Object.entries(screens))
        it(`${name}: the five money figures equal the API${screen.csv ? ' and the CSV' : ''}, each with its change; the chart's axes and the tables fit at 1440 and 800`, async () => {
          await page.setViewportSize({ width: 1440, height: 900 })
          await page.goto(`${product.server.url}/#/analytics/daily/${screen.path}`)
          // The screen's own view (the shell keeps other screens' views, hidden).
          const view = page.locator(`.shell-view[data-view="/analytics/daily/${screen.path}"]`)
          await view.getByRole('button', { name: words[language].last30 }).click()
          const { meta } = await asAdmin<{ meta: { time_zone: string } }>(
            product,
            '/api/analytics/data/daily?start_date=2000-01-01&end_date=2000-01-01',
          )
          const today = new Intl.DateTimeFormat('en-CA', { timeZone: meta.time_zone }).format(new Date())
          const period = `start_date=${addDays(today, -29)}&end_date=${today}`
          const before = `start_date=${addDays(today, -59)}&end_date=${addDays(today, -30)}`
          const [current, previous] = await screen.figures(period, before)
          expect(cents(current.chargebacks)).toBeGreaterThan(0)
          expect(cents(current.fees)).toBeGreaterThan(0)
          if (screen.csv) {
            const csv = await csvTotals(`${screen.csv}?${period}`)
            for (const figure of money) expect(csv[figure], `CSV ${figure}`).toBe(cents(current[figure]))
          }
          await expect
            .poll(async () => {
              const shown = await shownFigures(view)
              return shown && Object.fromEntries(money.map((figure) => [figure, shown[figure]?.cents]))
            })
            .toEqual(Object.fromEntries(money.map((figure) => [figure, cents(current[figure])])))
          const shown = await shownFigures(view)
          for (const figure of money) {
            const want = expectedPercent(current[figure], previous[figure])
            const text = shown?.[figure]?.change ?? ''
            const percent = percentOf(text)
            if (want === null) expect(percent, `${figure}: ${text}`).toBeNull()
            else {
              expect(percent, `${figure}: ${text}`).not.toBeNull()
              expect(Math.abs((percent as number) - want), `${figure}: ${text}`).toBeLessThan(0.051)
            }
          }
          // Net revenue is named as such, and said to be before fees.
          await expect.poll(() => view.getByTestId('analytics-net-hint').count()).toBe(1)

          const chart = view.getByTestId(screen.chart)
          await expect.poll(() => chart.locator('canvas').count()).toBeGreaterThan(0)
          for (const width of [1440, 800]) {
            await page.setViewportSize({ width, height: 900 })
            await expect.poll(() => fits(page), { message: `at ${width} px` }).toEqual([])
            // Money and counts on an axis each; the legend, as drawn at this width, covers no axis.
            await expect
              .poll(async () => chartProblems(await chartLayout(chart)), { message: `chart at ${width} px` })
              .toEqual([])
          }
        })

      it("the dashboard's today panel shows the five money figures as the API has them, with the change against yesterday, and today's row of its table says the same", async () => {
        await page.setViewportSize({ width: 1440, height: 900 })
        await page.goto(`${product.server.url}/#/dashboard`)
        const view = page.locator('.shell-view[data-view="/dashboard"]')
        const panel = view.getByTestId('dashboard-today')
        await expect.poll(() => panel.getByTestId('figure-net').count()).toBe(1)
        type Live = { date: string } & Record<Money, { today: string; yesterday: string }>
        const live = async () => (await asAdmin<{ data: Live }>(product, '/api/dashboard')).data
        const { date } = await live()
        // Both have been read (the panel, and the trend's table with today's row) before money arrives.
        const table = view.getByTestId('revenue-trend-table')
        await expect.poll(() => table.locator('tbody tr.ant-table-row', { hasText: date }).count()).toBe(1)
        const refundsBefore = cents((await live()).refunds.today)
        const listed = await asAdmin<{ data: { id: number; events: unknown[] }[] }>(
          product,
          '/api/orders?per_page=80&sort=-paid_at',
        )
        const order = listed.data.filter((row) => row.events.length === 0)[language === 'en' ? 2 : 3]
        if (!order) throw new Error('no demo order without refunds')
        await asAdmin(product, `/api/orders/${order.id}/refund`, { method: 'POST', body: { amount: '0.75' } })
        // The figures hold it once folded (docs/analytics.md "How the figures are kept").
        await expect.poll(async () => cents((await live()).refunds.today)).toBe(refundsBefore + 75)
        const api = await live()
        // The panel follows within its 10 s.
        await expect
          .poll(
            async () => {
              const shown = await shownFigures(panel)
              return shown && Object.fromEntries(money.map((figure) => [figure, shown[figure]?.cents]))
            },
            { timeout: scaled(30_000) },
          )
          .toEqual(Object.fromEntries(money.map((figure) => [figure, cents(api[figure].today)])))
        const shown = await shownFigures(panel)
        for (const figure of money) {
          const want = expectedPercent(api[figure].today, api[figure].yesterday)
          const text = shown?.[figure]?.change ?? ''
          const percent = percentOf(text)
          if (want === null) expect(percent, `${figure}: ${text}`).toBeNull()
          else expect(Math.abs((percent as number) - want), `${figure}: ${text}`).toBeLessThan(0.051)
        }
        // Today's row of the revenue table, at once: the same five figures.
        const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim())
        const row = table.locator('tbody tr.ant-table-row', { hasText: api.date })
        const cells = await row.locator('td').allInnerTexts()
        const titles = await Promise.all(
          money.map(async (figure) =>
            (
              await panel.getByTestId(`figure-${figure}`).locator('.ant-statistic-title').textContent()
            )?.trim(),
          ),
        )
        expect(
          Object.fromEntries(
            money.map((figure, i) => [figure, cents(cells[headers.indexOf(titles[i] as string)])]),
          ),
        ).toEqual(Object.fromEntries(money.map((figure) => [figure, shown?.[figure]?.cents])))
        for (const width of [1440, 800]) {
          await page.setViewportSize({ width, height: 900 })
          await expect.poll(() => fits(page), { message: `at ${width} px` }).toEqual([])
        }
      })
    })
  }
})
