import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { asAdmin, contextAs, loggedInContext, useProduct } from '../support/product.ts'
import { shows } from '../support/waits.ts'

const product = useProduct()

/**
 * Issue 68 item 1: a finance role without "See every channel" shows its holders nothing. The role editor
 * warns of it beside the permissions; a logged-in holder is told why its screens are empty, and once the
 * role is given the scope the notice goes and the orders show, without a reload.
 */
describe('a finance role and the channel scope', () => {
  it('is warned of in the editor, told to its holder, and lifted without a reload', async () => {
    const tag = randomBytes(3).toString('hex')
    const name = `E2E finance ${tag}`
    const page = await (await loggedInContext(product, 'en')).newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${product.server.url}/#/permissions/roles`)
    await page.getByTestId('roles-create').click()
    await page.waitForURL(/#\/permissions\/roles\/create$/)
    await page.getByRole('textbox', { name: 'Role name' }).fill(name)
    await page.getByRole('textbox', { name: 'Filter permissions' }).fill('orders')
    await page.getByRole('group', { name: 'Orders' }).getByRole('checkbox', { name: 'List' }).check()
    const warning = page.getByTestId('channel-scope-warning')
    await shows(warning, 'the channel scope warning')
    expect(await warning.textContent()).toContain('See every channel')
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/permissions\/roles(\?.*)?$/)
    const roles = await asAdmin<{ data: { id: number; name: string; permissions: string[] }[] }>(
      product,
      `/api/roles?keyword=${encodeURIComponent(name)}`,
    )
    const role = roles.data.find((each) => each.name === name)
    if (!role) throw new Error('the role was not saved')
    expect(role.permissions).not.toContain('all-channels')

    const credentials = { username: `fin-${tag}`, password: 'e2e-passw0rd' }
    await asAdmin(product, '/api/admins', {
      method: 'POST',
      body: { ...credentials, name: `Finance ${tag}`, role_ids: [role.id] },
    })
    const context = await contextAs(product, credentials, 'en')
    const theirs = await context.newPage()
    await theirs.setViewportSize({ width: 1280, height: 900 })
    await theirs.goto(`${product.server.url}/#/orders`)
    const coverage = theirs.getByTestId('channel-coverage')
    await shows(coverage, 'the no-channel notice')
    expect(await coverage.textContent()).toContain('You administer no channel')
    const rows = theirs.getByTestId('orders-table').locator('tbody tr.ant-table-row')
    expect(await rows.count()).toBe(0)

    // The role is widened while its holder is logged in; their window regains focus (a refresh of what
    // they may do, as the menu has).
    await asAdmin(product, `/api/roles/${role.id}`, {
      method: 'PUT',
      body: { name, permissions: [...role.permissions, 'all-channels'] },
    })
    await theirs.evaluate(() => window.dispatchEvent(new Event('focus')))
    await shows(rows.first(), 'the orders of every channel')
    await coverage.waitFor({ state: 'detached' })
    await context.close()
    await page.context().close()
  })
})
