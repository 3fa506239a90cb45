import { figureRegistry } from '@vod/contract'
import type { Download } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeChecks } from '../support/axe.ts'
import { asAdmin, englishContext, loggedInContext, submitLogin, useProduct } from '../support/product.ts'
import { restatementsCardFaults } from '../support/restatements.ts'

const product = useProduct()
const accessible = axeChecks()

interface Day {
  date: string
  gross: string
  signups: number
}
interface Series {
  data: Day[]
  meta: { start_date: string; end_date: string; time_zone: string }
}
interface Split {
  channel_id: number | null
  channel_name: string | null
  gross: string
}

/** Cents from a money cell as the screen shows it ("USD 1,234.50") or the CSV writes it ("1234.50"). */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100)

describe('analytics, end to end in Chromium', () => {
  it("a marketer picks a channel and the last 30 days, reads the chart's table and exports the same figures", async () => {
    const context = await englishContext(product)
    const page = await context.newPage()
    await submitLogin(page, product, product.admin)
    await page.waitForURL(/#\/dashboard$/)
    await expect.poll(() => page.getByText('Online now').count()).toBeGreaterThan(0)

    await page.goto(`${product.server.url}/#/analytics/daily/channel`)
    await page.getByRole('button', { name: 'Last 30 days' }).click()
    const table = page.getByTestId('analytics-table')
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(30)

    // The demo channel with the most revenue in the period (the channel pie's first row).
    const all = await asAdmin<Series>(
      product,
      '/api/analytics/channel/records?start_date=2000-01-01&end_date=2000-01-01',
    )
    const zone = all.meta.time_zone
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date())
    const start = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10)
    const period = `start_date=${start}&end_date=${today}`
    const pie = await asAdmin<{ data: Split[] }>(product, `/api/analytics/channel/revenuePieChart?${period}`)
    const channel = pie.data.find((row) => row.channel_id !== null)
    if (!channel?.channel_id) throw new Error('no demo channel with figures')
    await page.getByTestId('analytics-channel').click()
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', {
        hasText: channel.channel_name as string,
      })
      .first()
      .click()

    // Demo traffic keeps arriving today: the days before today are compared, each to the cent.
    const api = await asAdmin<Series>(
      product,
      `/api/analytics/channel/${channel.channel_id}/records?${period}`,
    )
    const expected = new Map(
      api.data.filter((day) => day.date < today).map((day) => [day.date, cents(day.gross)]),
    )
    const grossColumn = await table.locator('thead th').allInnerTexts()
    const grossIndex = grossColumn.findIndex((text) => text.trim() === 'Gross revenue')
    expect(grossIndex).toBeGreaterThan(0)
    await expect
      .poll(async () => {
        const rows = await table.locator('tbody tr.ant-table-row').all()
        const shown = new Map<string, number>()
        for (const row of rows) {
          const cells = await row.locator('td').allInnerTexts()
          if ((cells[0] ?? '') < today) shown.set(cells[0] as string, cents(cells[grossIndex] ?? ''))
        }
        return [...shown.entries()].sort()
      })
      .toEqual([...expected.entries()].sort())

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect((download as Download).suggestedFilename()).toBe('dailyChannel.csv')
    const chunks: Buffer[] = []
    for await (const chunk of await (download as Download).createReadStream()) chunks.push(chunk as Buffer)
    const [header, ...lines] = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n')
    const columns = (header ?? '').split(',')
    const exported = new Map<string, number>()
    for (const line of lines) {
      const cells = line.split(',')
      const date = cells[0] as string
      // The header is the screen's labels in its language (English here).
      if (date < today) exported.set(date, cents(cells[columns.indexOf(figureRegistry.gross.label.en)] ?? ''))
    }
    expect(lines).toHaveLength(30)
    expect([...exported.entries()].sort()).toEqual([...expected.entries()].sort())
    const total = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0)
    expect(total(exported.values())).toBe(total(expected.values()))
    await context.close()
  })

  it("records a refund on an order's page, and refuses one past what is left under the amount", async () => {
    const listed = await asAdmin<{ data: { id: number; amount: string; events: unknown[] }[] }>(
      product,
      '/api/orders?per_page=50&sort=-paid_at',
    )
    const order = listed.data.find((row) => row.events.length === 0)
    if (!order) throw new Error('no demo order without refunds')
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/orders/${order.id}`)
    await page.getByTestId('order-refund').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Amount').fill('1.00')
    await dialog.getByLabel('Reason').fill('Asked by e-mail')
    await dialog.getByRole('button', { name: 'Record' }).click()
    const events = page.getByTestId('order-events')
    await expect
      .poll(() => events.locator('tbody tr.ant-table-row').allInnerTexts())
      .toEqual([expect.stringMatching(/Refund\s+1\.00\s+.*Asked by e-mail/s)])
    await page.getByTestId('order-chargeback').click()
    await dialog.getByLabel('Amount').fill(order.amount)
    await dialog.getByRole('button', { name: 'Record' }).click()
    await expect.poll(() => dialog.getByText(/may not exceed the order amount/).count()).toBe(1)
    await context.close()
  })

  it("shows the revenue screen's restatements of closed months in both languages, named and accessible", async () => {
    // Last month: a month that has ended, closed once its figures hold all committed before its end.
    const found = await restatementsCardFaults(
      product,
      '/analytics/daily/revenue?preset=lastMonth',
      'revenue restatements',
      accessible,
    )
    expect(found.join('\n')).toBe('')
  })
})
