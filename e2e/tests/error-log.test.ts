import { describe, expect, it } from 'vitest'
import { loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

describe('the error log, end to end in Chromium', () => {
  it('counts uncaught errors on the navbar badge, lists them with their URL, and clears them', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))

    await page.goto(`${product.server.url}/#/tags`)
    await page.getByTestId('hamburger').waitFor()
    // No errors, no button.
    expect(await page.getByTestId('error-log').count()).toBe(0)

    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('e2e boom')
      }),
    )
    const button = page.getByRole('button', { name: 'Error log, 1 caught' })
    await button.waitFor()
    await expect.poll(() => page.locator('.ant-badge-count').getAttribute('title')).toBe('1')
    // Recorded, not swallowed: the browser still reports it.
    await expect.poll(() => pageErrors).toContain('e2e boom')

    // By keyboard: the button opens the dialog, whose row shows the error and where it happened.
    await button.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Error log' })
    await dialog.waitFor()
    const row = dialog.locator('tr.ant-table-row')
    await expect.poll(() => row.count()).toBe(1)
    await row.getByText('e2e boom').waitFor()
    await row.getByText(page.url(), { exact: true }).waitFor()
    // The place: the source position of the throw (here the evaluated script, which has no file).
    await row
      .locator('code')
      .getByText(/:\d+:\d+$/)
      .waitFor()
    await row.getByRole('button', { name: 'Expand row' }).click()
    await expect.poll(() => dialog.getByTestId('error-log-stack').textContent()).toContain('Error: e2e boom')

    // Clear: the log empties, the badge goes, and the focus moves to the next navbar control.
    await dialog.getByRole('button', { name: 'Clear' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByTestId('error-log').waitFor({ state: 'detached' })
    await expect
      .poll(() => page.evaluate<string | null>("document.activeElement.getAttribute('data-testid')"))
      .toBe('fullscreen')
    await context.close()
  })
})
