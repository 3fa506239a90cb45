import { readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fieldLabel, planFieldLabels } from '@vod/contract'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

interface StoredPlan {
  id: number
  name: string
  initial_original_price: string
  initial_discount_price: string | null
  recurring_period_count: number | null
  is_best: number
}

const plansNamed = async (name: string) =>
  (await asAdmin<{ data: StoredPlan[] }>(product, `/api/plans?keyword=${encodeURIComponent(name)}`)).data

describe('plans, end to end in Chromium', () => {
  it('creates a plan with exact prices, finds it in the list and exports it to plans.csv', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    // A screen outside the Plans group, whose menu is then folded.
    await page.goto(`${product.server.url}/#/profile/index`)

    // The menu: Plans > Plans, Promotions, Deals, Subscriptions (in the menu, where finance looks for them).
    await page.getByRole('menuitem', { name: 'Plans' }).first().click()
    await page.getByRole('menuitem', { name: 'Promotions' }).waitFor()
    await page.getByRole('menuitem', { name: 'Subscriptions' }).waitFor()

    await page.goto(`${product.server.url}/#/plans/create`)
    // The profile left for stays in the page, hidden once the form shows.
    await page.locator('.shell-view[data-view="/plans/create"] form').waitFor()
    await page.locator('.shell-view[data-view="/profile/index"]').waitFor({ state: 'hidden' })
    const box = (name: string) => page.getByRole('textbox', { name })
    await box('Name').fill('E2E Gold')
    await box('Initial original price').fill('19.99')
    await box('Initial discount price').fill('0.10')
    await page.getByRole('switch', { name: 'Best' }).click()
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/plans(\?.*)?$/)
    const [stored] = await plansNamed('E2E Gold')
    expect(stored).toMatchObject({
      name: 'E2E Gold',
      initial_original_price: '19.99',
      initial_discount_price: '0.10',
      recurring_period_count: null,
      is_best: 1,
    })

    // A discount above the price is refused under its field.
    await page.goto(`${product.server.url}/#/plans/${stored?.id}/edit`)
    await expect.poll(() => box('Name').inputValue()).toBe('E2E Gold')
    await box('Initial discount price').fill('20.00')
    await page.getByTestId('form-submit').click()
    await page.getByText('must not be greater than the original price (19.99)').waitFor()

    // The list finds it with the price charged as stored (the original price is a hidden column at first);
    // the export downloads it.
    await page.goto(`${product.server.url}/#/plans?keyword=E2E%20Gold`)
    // The list's row (the plan's edit screen, kept in its tab, shows the name in its history too).
    const row = page.getByTestId('plans-table').locator('tr', { hasText: 'E2E Gold' })
    await row.waitFor()
    await expect.poll(() => row.textContent()).toContain('USD 0.10')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('plans-export').click(),
    ])
    expect(download.suggestedFilename()).toBe('plans.csv')
    const saved = path.join(tmpdir(), `plans-${Date.now()}.csv`)
    await download.saveAs(saved)
    const csv = await readFile(saved, 'utf8')
    await rm(saved, { force: true })
    expect(csv.charCodeAt(0)).toBe(0xfeff)
    const [header, ...rows] = parse(csv.slice(1)) as string[][]
    expect(rows).toHaveLength(1)
    const cells = Object.fromEntries((header ?? []).map((name, i) => [name, rows[0]?.[i]]))
    // The header is the screen's labels in its language (English here).
    const column = (field: string) => fieldLabel(field, 'en', planFieldLabels)
    expect(cells).toMatchObject({
      [column('name')]: 'E2E Gold',
      [column('initial_original_price')]: '19.99',
      [column('initial_discount_price')]: '0.10',
    })
    await context.close()
  })

  it('creates a promotion and chooses its plans with the picker (saved through /promotions/{id}/plans)', async () => {
    await asAdmin(product, '/api/plans', {
      method: 'POST',
      body: {
        name: 'E2E Silver',
        initial_period_count: 1,
        initial_period_unit: 'month',
        initial_original_price: '9.99',
      },
    })
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/plans/promotions/create`)
    await page.getByRole('textbox', { name: 'Name' }).fill('E2E Spring')
    await page.getByRole('textbox', { name: 'Code' }).fill('E2E-SPRING')
    for (const [label, value] of [
      ['Starts', '2026-12-01 00:00:00'],
      ['Ends', '2026-12-31 00:00:00'],
    ] as const) {
      const input = page.getByRole('textbox', { name: label })
      await input.click()
      await input.fill(value)
      await page.locator('.ant-picker-dropdown:visible').getByRole('button', { name: 'OK' }).click()
      // Closed before the next one opens: two open dropdowns would each offer an OK button.
      await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0)
    }
    const picker = page.getByRole('combobox', { name: 'Plans' })
    await picker.click()
    await picker.pressSequentially('E2E Silver')
    await page.locator('.ant-select-dropdown:visible').getByTitle('E2E Silver', { exact: true }).click()
    await page.keyboard.press('Escape')
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/plans\/promotions(\?.*)?$/)
    const row = page.locator('tr', { hasText: 'E2E-SPRING' })
    await row.waitFor()
    await expect.poll(() => row.textContent()).toContain('E2E Silver')
    const [stored] = (
      await asAdmin<{ data: { code: string; plans: { name: string }[] }[] }>(
        product,
        '/api/promotions?keyword=E2E-SPRING',
      )
    ).data
    expect(stored?.plans.map((plan) => plan.name)).toEqual(['E2E Silver'])
    await context.close()
  })
})
