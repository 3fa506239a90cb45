import { describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

describe('leaving a record for its list, end to end in Chromium', () => {
  it('comes back to the page and filters it left, and a cancelled edit is forgotten', async () => {
    for (let n = 1; n <= 25; n++)
      await asAdmin(product, '/api/directors', {
        method: 'POST',
        body: { name: `E2E Return ${String(n).padStart(2, '0')}` },
      })
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    const listUrl = '/directors?keyword=E2E%20Return&sort=name&page=2'
    await page.goto(`${product.server.url}/#${listUrl}`)
    const row = page.locator('tr:visible', { hasText: 'E2E Return 21' })
    await row.getByTestId(/^show-/).click()
    await page.waitForURL(/#\/directors\/\d+$/)
    await page.getByTestId('show-back').click()
    await page.waitForURL((url) => url.hash === `#${listUrl}`)
    await row.waitFor()

    // Change a name, cancel: the tab closes, and the record opens again as stored.
    const editPath = await row.getByTestId(/^edit-/).getAttribute('href')
    await row.getByTestId(/^edit-/).click()
    const name = page.getByRole('textbox', { name: 'Name' })
    await expect.poll(() => name.inputValue()).toBe('E2E Return 21')
    await name.fill('Abandoned edit')
    await page.getByTestId('form-cancel').click()
    // Typed and not saved: Cancel asks first.
    await page.locator('[data-testid="discard-confirm"]:visible').click()
    await page.waitForURL((url) => url.hash === `#${listUrl}`)
    const tabs = await page
      .getByTestId('view-tab')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-path')))
    expect(tabs.filter((path) => path?.startsWith('/directors/edit/'))).toEqual([])
    await page.goto(`${product.server.url}/${editPath ?? ''}`)
    await expect.poll(() => name.inputValue()).toBe('E2E Return 21')
    await context.close()
  })
})
