import { describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

interface StoredChannel {
  id: number
  utm_source: string
  profit_sharing: string
  status: string
  campaigns_count: number
  admin_count: number
}

const channelsFrom = async (source: string) =>
  (await asAdmin<{ data: StoredChannel[] }>(product, `/api/channels?keyword=${encodeURIComponent(source)}`))
    .data

describe('channels, end to end in Chromium', () => {
  it('creates a channel, adds a campaign and an admin on its page and archives it', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    const box = (name: string) => page.getByRole('textbox', { name })

    // Create: the share goes as typed, exact.
    await page.goto(`${product.server.url}/#/channels/create`)
    await box('UTM source').fill('e2e-newsletter')
    await box('UTM medium').fill('email')
    await box('Profit sharing').fill('12.5')
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/channels(\?.*)?$/)
    const [channel] = await channelsFrom('e2e-newsletter')
    expect(channel).toMatchObject({ utm_source: 'e2e-newsletter', profit_sharing: '12.50', status: 'active' })
    const id = channel?.id as number

    // A campaign from the channel's page; an end before the start is refused under its field.
    await page.goto(`${product.server.url}/#/channels/${id}`)
    await page.getByTestId('campaigns-create').click()
    await page.waitForURL(new RegExp(`#/channels/${id}/campaigns/create$`))
    await box('Name').fill('E2E Spring')
    await box('Landing URL').fill('https://example.com/spring')
    // A day is typed and confirmed with Enter, which does not send the form.
    const day = async (label: string, value: string) => {
      await page.getByLabel(label).fill(value)
      await page.getByLabel(label).press('Enter')
      await expect.poll(() => page.getByLabel(label).inputValue()).toBe(value)
    }
    await day('Starts on', '2026-03-10')
    await day('Ends on', '2026-03-01')
    expect(page.url()).toMatch(new RegExp(`#/channels/${id}/campaigns/create$`))
    await box('Budget').fill('250.5')
    await page.getByTestId('form-submit').click()
    await page.getByText('The end date cannot be before the start date.').first().waitFor()
    await day('Ends on', '2026-03-31')
    await page.getByTestId('form-submit').click()
    await page.waitForURL(new RegExp(`#/channels/${id}$`))
    const campaigns = page.getByTestId('campaigns-children')
    await campaigns.getByText('E2E Spring').waitFor()
    await expect.poll(() => campaigns.textContent()).toContain('250.50')
    expect((await channelsFrom('e2e-newsletter'))[0]?.campaigns_count).toBe(1)

    // An admin who may see its figures, found by searching on the server.
    const picker = page.getByRole('combobox', { name: 'Search admins' })
    await picker.click()
    await picker.pressSequentially(product.admin.username)
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: product.admin.username })
      .first()
      .click()
    await page.getByTestId('admin-add').click()
    // In the table: the picker may still show the chosen admin until the addition's answer clears it.
    await page.getByTestId('admins-table').getByText(product.admin.username, { exact: true }).waitFor()
    expect((await channelsFrom('e2e-newsletter'))[0]?.admin_count).toBe(1)

    // Archive from its page (the list stays kept, hidden, behind it), after confirming; then it offers recover.
    await page.locator(`[data-testid="archive-${id}"]:visible`).click()
    await page.locator('[data-testid="archive-confirm"]:visible').click()
    await page.locator(`[data-testid="recover-${id}"]:visible`).waitFor()
    expect((await channelsFrom('e2e-newsletter'))[0]?.status).toBe('archived')

    await context.close()
  })
})
