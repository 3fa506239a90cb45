import { movementLabels, movementMoney } from '@vod/contract'
import type { Download } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeChecks } from '../support/axe.ts'
import { asAdmin, bothLanguages, loggedInContext, useProduct } from '../support/product.ts'
import { restatementsCardFaults } from '../support/restatements.ts'

const product = useProduct()
const accessible = axeChecks()

type MovementsRow = Record<string, string | number | undefined> & { start_date: string }
interface Movements {
  data: MovementsRow[]
  meta: { time_zone: string }
}

/** Cents from a money cell as the screen shows it ("USD -1,234.50") or the CSV writes it ("-1234.50"). */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100)

const money = movementMoney

/** The month before the business zone's today: closed, so its figures no longer move with demo traffic. */
async function lastMonth(): Promise<{ start: string; end: string; month: string }> {
  const probe = await asAdmin<Movements>(
    product,
    '/api/analytics/subscriptions/movements?start_date=2000-01-01&end_date=2000-01-01',
  )
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: probe.meta.time_zone }).format(new Date())
  const [year, month] = today.split('-').map(Number) as [number, number]
  const first = new Date(Date.UTC(year, month - 2, 1))
  const last = new Date(Date.UTC(year, month - 1, 0))
  const day = (at: Date) => at.toISOString().slice(0, 10)
  return { start: day(first), end: day(last), month: day(first).slice(0, 7) }
}

describe('subscription economics, end to end in Chromium', () => {
  for (const { language, cookie } of bothLanguages)
    it(`${language}: a month's movements on the screen and in its CSV equal the API's to the cent`, async () => {
      const { start, end, month } = await lastMonth()
      const api = await asAdmin<Movements>(
        product,
        `/api/analytics/subscriptions/movements?start_date=${start}&end_date=${end}&by=month`,
      )
      const row = api.data[0]
      if (!row) throw new Error('no movements row for the month')
      const expected = Object.fromEntries(money.map((column) => [column, cents(String(row[column]))]))
      // The demo's subscriptions give the month a shape; the answer itself reconciles.
      expect(expected.closing_mrr).toBeGreaterThan(0)
      const moved = ['new', 'reactivation', 'expansion', 'contraction', 'churn'].reduce(
        (sum, column) => sum + (expected[column] ?? 0),
        expected.opening_mrr ?? 0,
      )
      expect(moved).toBe(expected.closing_mrr)

      const side = language === 'zh-cn' ? 1 : 0
      const labelOf = (column: keyof typeof movementLabels) => movementLabels[column][side]
      const context = await loggedInContext(product, cookie)
      const page = await context.newPage()
      await page.goto(
        `${product.server.url}/#/analytics/daily/subscriptions?start_date=${start}&end_date=${end}`,
      )
      const table = page.getByTestId('movements-table')
      const dataRow = table.locator('tbody tr.ant-table-row', { hasText: month })
      await expect.poll(() => dataRow.count()).toBe(1)
      const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim())
      const shown = async () => {
        const cells = await dataRow.locator('td').allInnerTexts()
        return Object.fromEntries(
          money.map((column) => [column, cents(cells[headers.indexOf(labelOf(column))] ?? 'NaN')]),
        )
      }
      await expect.poll(shown).toEqual(expected)
      // Conversion's note, in the screen's language: a period's conversion grows as its members renew.
      const matures = page.getByTestId('conversion-matures')
      await matures.waitFor()
      expect(await matures.textContent()).toContain(language === 'zh-cn' ? '不属于重述' : 'no restatement')

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: language === 'zh-cn' ? '导出 CSV' : 'Export CSV' }).click(),
      ])
      expect((download as Download).suggestedFilename()).toBe('subscriptionMovements.csv')
      const chunks: Buffer[] = []
      for await (const chunk of await (download as Download).createReadStream()) chunks.push(chunk as Buffer)
      const [header, ...lines] = Buffer.concat(chunks)
        .toString('utf8')
        .replace(/^\ufeff/, '')
        .trim()
        .split(/\r?\n/)
      // The header is the screen's labels in its language; one line for the one month.
      const columns = (header ?? '').split(',')
      expect(columns).toContain(labelOf('closing_mrr'))
      expect(lines).toHaveLength(1)
      const cells = (lines[0] ?? '').split(',')
      expect(cells[columns.indexOf(labelOf('start_date'))]).toBe(start)
      const exported = Object.fromEntries(
        money.map((column) => [column, cents(cells[columns.indexOf(labelOf(column))] ?? 'NaN')]),
      )
      expect(exported).toEqual(expected)

      // Its report by e-mail, subscribed from the screen (the mail itself: report-subscriptions.test.ts).
      if (language === 'en') {
        await asAdmin(product, '/api/auth/me', {
          method: 'PUT',
          body: { name: 'E2E Admin', email: `${product.admin.username}@example.com` },
        })
        await page.getByTestId('subscribe-report').click()
        await page
          .getByRole('dialog', { name: 'Get "Subscriptions" by e-mail' })
          .getByRole('button', { name: 'Subscribe by e-mail' })
          .click()
        const reports = async () =>
          (await asAdmin<{ data: { report: string }[] }>(product, '/api/report-subscriptions')).data.map(
            (row) => row.report,
          )
        await expect.poll(reports).toContain('subscriptions')
      }
      await context.close()
    })

  it("shows the subscriptions' restatements of closed months in both languages, named and accessible", async () => {
    const { start, end } = await lastMonth()
    const found = await restatementsCardFaults(
      product,
      `/analytics/daily/subscriptions?start_date=${start}&end_date=${end}`,
      'subscription restatements',
      accessible,
    )
    expect(found.join('\n')).toBe('')
  })
})
