import { describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'
import { shows } from '../support/waits.ts'

const product = useProduct()

type Listed<T> = { data: T[] }

describe('the catalogue screens, end to end in Chromium', () => {
  it('files a new source under a genre picked among genre tags only, and lists it with the genre', async () => {
    const { data: genre } = await asAdmin<{ data: { id: number } }>(product, '/api/tags', {
      method: 'POST',
      body: { name: 'E2E Source Genre', type: 'genre' },
    })
    await asAdmin(product, '/api/tags', {
      method: 'POST',
      body: { name: 'E2E Source Genre Model', type: 'model' },
    })
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/sources/create`)
    await page.getByRole('textbox', { name: 'Name' }).fill('E2E Night feed')
    const picker = page.getByRole('combobox', { name: 'Genre' })
    await picker.click()
    await picker.pressSequentially('E2E Source Genre')
    const dropdown = page.locator('.ant-select-dropdown:visible')
    await dropdown.getByTitle('E2E Source Genre', { exact: true }).waitFor()
    // The model tag of the same name is not a genre, so it is not offered.
    expect(await dropdown.getByTitle('E2E Source Genre Model').count()).toBe(0)
    await dropdown.getByTitle('E2E Source Genre', { exact: true }).click()
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/sources(\?.*)?$/)
    const row = page.locator('tr', { hasText: 'E2E Night feed' })
    await expect.poll(() => row.textContent()).toContain('E2E Source Genre')
    const stored = await asAdmin<Listed<{ genre_id: number }>>(product, '/api/sources?keyword=E2E%20Night')
    expect(stored.data.map((s) => s.genre_id)).toEqual([genre.id])
    await context.close()
  })

  it('says on the form that a URL is not a domain, then saves the site and shows it', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/videos/sites/create`)
    await page.getByRole('textbox', { name: 'Name' }).fill('E2E Mirror')
    const domain = page.getByRole('textbox', { name: 'Domain' })
    await domain.fill('https://e2e-mirror.example.com/')
    await page.getByTestId('form-submit').click()
    await page.getByText('The Domain field must be a domain name such as example.com.').waitFor()
    await domain.fill('E2E-Mirror.Example.com')
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/videos\/sites(\?.*)?$/)
    const { data } = await asAdmin<Listed<{ id: number; domain: string }>>(
      product,
      '/api/sites?keyword=e2e-mirror',
    )
    expect(data.map((site) => site.domain)).toEqual(['e2e-mirror.example.com'])
    await page.goto(`${product.server.url}/#/videos/sites/${data[0]?.id}`)
    const shown = page.locator('.ant-descriptions:visible')
    await shown.getByText('e2e-mirror.example.com').waitFor()
    await shown.getByText('Enabled').waitFor()
    await context.close()
  })

  it('creates a director from the list and finds it again by keyword, in Chinese too', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/directors/create`)
    await page.getByRole('textbox', { name: 'Name' }).fill('E2E Director Hou')
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/directors(\?.*)?$/)
    await page.goto(`${product.server.url}/#/directors?keyword=Hou`)
    const row = page.locator('tr', { hasText: 'E2E Director Hou' })
    await shows(row, 'the new director, found by keyword')
    await context.addCookies([{ name: 'language', value: 'zh-cn', url: product.server.url }])
    await page.reload()
    await shows(page.getByRole('columnheader', { name: '名称' }), 'the list in Chinese (column 名称)')
    await shows(row, 'the new director in the Chinese list')
    await context.close()
  })

  it('makes a tag category, files a new tag under it, and finds the videos carrying it by that category', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/tags/categories/create`)
    await page.getByRole('textbox', { name: 'Name' }).fill('E2E Category Jazz')
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/tags\/categories(\?.*)?$/)

    await page.goto(`${product.server.url}/#/tags/create`)
    await page.getByRole('textbox', { name: 'Name' }).fill('E2E Bebop')
    await page.getByRole('combobox', { name: 'Type' }).click()
    await page.locator('.ant-select-dropdown:visible').getByTitle('Genre', { exact: true }).click()
    const picker = page.getByRole('combobox', { name: 'Category' })
    await picker.click()
    await picker.pressSequentially('E2E Category')
    await page.locator('.ant-select-dropdown:visible').getByTitle('E2E Category Jazz').click()
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/tags(\?.*)?$/)
    const { data: tags } = await asAdmin<Listed<{ id: number; category_id: number; category_name: string }>>(
      product,
      '/api/tags?keyword=E2E%20Bebop',
    )
    expect(tags.map((tag) => tag.category_name)).toEqual(['E2E Category Jazz'])

    const filed = tags[0] as { id: number; category_id: number }
    await asAdmin(product, '/api/videos', {
      method: 'POST',
      body: { title: 'E2E Bebop session', serial_number: 'E2E-CAT-1', tag_ids: [filed.id] },
    })
    await page.goto(`${product.server.url}/#/videos?category_id=${filed.category_id}`)
    const table = page.getByTestId('videos-table')
    await table.locator('tr', { hasText: 'E2E Bebop session' }).waitFor()
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(1)
    // The chosen category is shown by its name, fetched by id.
    await page
      .getByRole('combobox', { name: 'Tag category' })
      .locator('..')
      .getByText('E2E Category Jazz')
      .waitFor()
    await context.close()
  })
})
