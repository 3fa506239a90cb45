import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { asAdmin, useProduct } from '../support/product.ts'
import { arrives } from '../support/waits.ts'

const product = useProduct()

const hash = (page: Page) => new URL(page.url()).hash

async function tagsNamed(name: string): Promise<{ id: number; name: string }[]> {
  const path = `/api/tags?keyword=${encodeURIComponent(name)}`
  return (await asAdmin<{ data: { id: number; name: string }[] }>(product, path)).data
}

describe('tags, end to end in Chromium', () => {
  it('guards, logs in, creates, finds, edits and deletes a tag, switches language, reloads, logs out', async () => {
    const context = await product.browser.newContext()
    const page = await context.newPage()

    // No token: the wanted path is kept for after login.
    await page.goto(`${product.server.url}/#/tags`)
    await page.waitForURL(/#\/login\?redirect=%2Ftags$/)

    // zh-cn is the default language.
    await page.getByLabel('用户名').fill(`  ${product.admin.username}  `)
    await page.getByLabel('密码').fill(product.admin.password)
    await page.getByRole('button', { name: '登录' }).click()
    await page.waitForURL(/#\/tags$/)
    await page.getByTestId('tags-table').waitFor()

    await page.getByTestId('language-switch').selectOption({ label: 'English' })
    await page.getByText('Switch Language Success').waitFor()
    await page.getByRole('menuitem', { name: 'Tags' }).waitFor()

    // Create
    await page.getByTestId('tags-create').click()
    await page.waitForURL(/#\/tags\/create$/)
    await page.getByRole('textbox', { name: 'Name' }).fill('E2E Noir')
    await page.getByRole('combobox', { name: 'Type' }).click()
    await page.getByTitle('Genre', { exact: true }).click()
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/tags(\?.*)?$/)
    const [created] = await tagsNamed('E2E Noir')
    expect(created?.name).toBe('E2E Noir')
    const id = created?.id as number

    // Find
    await page.getByTestId('tags-keyword').fill('E2E Noir')
    await page.getByTestId('tags-keyword').press('Enter')
    await page.waitForURL(/keyword=E2E/)
    const rows = page.getByTestId('tags-table').locator('tbody tr.ant-table-row')
    await expect.poll(() => rows.count()).toBe(1)
    await expect.poll(() => rows.first().textContent()).toContain('E2E Noir')

    // Edit
    await page.getByTestId(`edit-${id}`).click()
    await page.waitForURL(new RegExp(`#/tags/edit/${id}$`))
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('E2E Noir')
    await page.getByRole('textbox', { name: 'Name' }).fill('E2E Noir Classic')
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/tags(\?.*)?$/)
    expect((await tagsNamed('E2E Noir'))[0]?.name).toBe('E2E Noir Classic')

    // Reload: still logged in, still English.
    await page.reload()
    await page.getByTestId('tags-table').waitFor()
    await page.getByRole('menuitem', { name: 'Tags' }).waitFor()

    // Delete
    await page.getByTestId('tags-keyword').fill('E2E Noir')
    await page.getByTestId('tags-keyword').press('Enter')
    await page.getByTestId(`delete-${id}`).click()
    await page.getByTestId('delete-confirm').click()
    await page.getByText('Deleted').first().waitFor()
    await expect.poll(() => tagsNamed('E2E Noir')).toEqual([])

    // Log out: back to the login screen; the old page no longer opens.
    await page.getByTestId('user-menu').click()
    await page.getByTestId('logout').click()
    await page.waitForURL(/#\/login/)
    await page.goto(`${product.server.url}/#/tags`)
    await page.waitForURL(/#\/login\?redirect=%2Ftags$/)
    expect(hash(page)).toBe('#/login?redirect=%2Ftags')

    await context.close()
  })

  it('sends an unknown path to 404 and a non-numeric id to 404', async () => {
    const context = await product.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/login`)
    await page.getByLabel('用户名').fill(product.admin.username)
    await page.getByLabel('密码').fill(product.admin.password)
    await page.getByRole('button', { name: '登录' }).click()
    await page.waitForURL(/#\/dashboard$/)
    await page.goto(`${product.server.url}/#/tags/edit/abc`)
    await arrives(page, /#\/404$/, '404 from a non-numeric id')
    await page.goto(`${product.server.url}/#/no/such/page`)
    await arrives(page, /#\/404$/, '404 from an unknown path')
    await context.close()
  })
})
