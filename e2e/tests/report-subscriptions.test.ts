import { describe, expect, it } from 'vitest'
import { axeChecks } from '../support/axe.ts'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'
import { arrives, shows } from '../support/waits.ts'

const product = useProduct()

/** Serious and critical axe-core violations (WCAG 2 A and AA) where the page is now, as every-screen.test.ts holds every screen. */
const accessible = axeChecks()

interface Subscription {
  id: number
  report: string
  frequency: string
  weekday: number | null
  hour: number
  language: string
  time_zone: string
}

describe('reports by e-mail, end to end in Chromium', () => {
  it('subscribes from the daily revenue screen, sees it in the list, and cancels it', async () => {
    // Reports go to the address on the profile.
    await asAdmin(product, '/api/auth/me', {
      method: 'PUT',
      body: { name: 'E2E Admin', email: `${product.admin.username}@example.com` },
    })
    const context = await loggedInContext(product, 'en', { bypassCSP: true })
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/analytics/daily/revenue`)
    await page.getByTestId('subscribe-report').click()
    const dialog = page.getByRole('dialog', { name: 'Get "Daily revenue" by e-mail' })
    await shows(dialog, 'the subscribe dialog')

    await dialog.getByText('Weekly', { exact: true }).click()
    await dialog.getByRole('combobox', { name: 'On', exact: true }).click()
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Friday' }).click()
    await dialog.getByRole('combobox', { name: /^At \(business time zone/ }).click()
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '07:00' }).click()
    // The screen's language is offered first; the mail may be in the other.
    await dialog.getByRole('combobox', { name: 'Language', exact: true }).click()
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '中文' }).click()
    expect(await accessible(page, 'the subscribe dialog')).toBe('')
    await dialog.getByRole('button', { name: 'Subscribe by e-mail' }).click()
    await shows(page.getByText('Subscribed: the report will arrive by e-mail.'), 'the confirmation')

    const [made] = (await asAdmin<{ data: Subscription[] }>(product, '/api/report-subscriptions')).data
    expect(made).toMatchObject({
      report: 'daily-revenue',
      frequency: 'weekly',
      weekday: 5,
      hour: 7,
      language: 'zh-cn',
    })

    await page.getByRole('link', { name: 'My report subscriptions' }).click()
    await arrives(page, /#\/analytics\/report-subscriptions$/, 'the list of subscriptions')
    const table = page.getByTestId('my-report-subscriptions')
    const row = table.locator('tbody tr.ant-table-row', { hasText: 'Daily revenue' })
    await shows(row, 'the subscription in the list')
    expect(await row.textContent()).toContain(`Fridays at 07:00 (${made?.time_zone})`)
    expect(await row.textContent()).toContain('中文')
    expect(await row.textContent()).toContain('Every channel you see')
    expect(await accessible(page, 'my report subscriptions')).toBe('')

    await row.getByRole('button', { name: 'Unsubscribe' }).click()
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Unsubscribe' }).click()
    await shows(page.getByText('Unsubscribed.'), 'the cancellation')
    await expect.poll(() => row.count()).toBe(0)
    expect((await asAdmin<{ data: Subscription[] }>(product, '/api/report-subscriptions')).data).toEqual([])
    await context.close()
  })

  it('subscribes monthly and shows the sending hour in the business zone and in the reader’s own', async () => {
    const context = await loggedInContext(product, 'en', { bypassCSP: true, timezoneId: 'America/New_York' })
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/analytics/daily/revenue`)
    await page.getByTestId('subscribe-report').click()
    const dialog = page.getByRole('dialog', { name: 'Get "Daily revenue" by e-mail' })
    await shows(dialog, 'the subscribe dialog')
    await dialog.getByText('Monthly', { exact: true }).click()
    await shows(
      dialog.getByText('On the first of each month, with the figures of the month just closed.'),
      'the hint',
    )
    await dialog.getByRole('button', { name: 'Subscribe by e-mail' }).click()
    await shows(page.getByText('Subscribed: the report will arrive by e-mail.'), 'the confirmation')
    const [made] = (await asAdmin<{ data: Subscription[] }>(product, '/api/report-subscriptions')).data
    expect(made).toMatchObject({ report: 'daily-revenue', frequency: 'monthly', weekday: null, hour: 8 })
    await page.getByRole('link', { name: 'My report subscriptions' }).click()
    const row = page
      .getByTestId('my-report-subscriptions')
      .locator('tbody tr.ant-table-row', { hasText: 'Daily revenue' })
    await shows(row, 'the subscription in the list')
    const when = (await row.getByTestId(`when-${made?.id}`).textContent()) ?? ''
    expect(when).toContain(`The 1st of each month at 08:00 (${made?.time_zone})`)
    // The business zone's 08:00 today on the reader's clock in New York.
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
    })
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: made?.time_zone }).format(new Date())
    const eight = new Date(`${today}T08:00:00Z`)
    if (made?.time_zone === 'UTC')
      expect(when).toContain(`${local.format(eight)} your time (America/New_York)`)
    else expect(when).toContain('your time (America/New_York)')
    await asAdmin(product, `/api/report-subscriptions/${made?.id}`, { method: 'DELETE' })
    await context.close()
  })

  it('offers it in Chinese, the default language, on the refund statistics screen', async () => {
    const context = await loggedInContext(product, undefined, { bypassCSP: true })
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/analytics/daily/refund-statistics`)
    await page.getByTestId('subscribe-report').click()
    const dialog = page.getByRole('dialog', { name: '通过邮件接收“退款统计”' })
    await shows(dialog, 'the subscribe dialog in Chinese')
    expect(await dialog.textContent()).toContain('中文')
    expect(await dialog.textContent()).toContain('附前一天的数据。')
    expect(await accessible(page, 'the subscribe dialog in Chinese')).toBe('')
    await page.goto(`${product.server.url}/#/analytics/report-subscriptions`)
    await shows(page.getByText('我的报告订阅'), 'the list in Chinese')
    expect(await accessible(page, 'my report subscriptions in Chinese')).toBe('')
    await context.close()
  })
})
