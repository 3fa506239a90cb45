import { describe, expect, it } from 'vitest'
import { asAdmin, languageContext, logInPage, useProduct } from '../support/product.ts'

/**
 * Field rules in the browser (docs/security.md "Field rules"): a role whose members' e-mail the role editor's
 * grid hides, and an admin holding it, whose members list has no e-mail column and no address in it.
 */
const product = useProduct()
const PASSWORD = 'Rules-passw0rd'
const suffix = Date.now().toString(36)

describe('field rules', () => {
  it("hides a field the grid hid: the narrowed admin's members list has no e-mail column", async () => {
    const email = `rules-${suffix}@example.com`
    await asAdmin(product, '/api/users/batch-create', {
      method: 'POST',
      body: { rows: [{ username: `rules-${suffix}`, email }] },
    })
    const editor = await languageContext(product, 'en')
    const page = await logInPage(editor, product, product.admin, 'en')
    const roleName = `Marketing ${suffix}`
    await page.goto(`${product.server.url}/#/permissions/roles/create`)
    await page.getByRole('textbox', { name: 'Role name' }).fill(roleName)
    await page.getByTestId('permission-list-users').check()
    await page.getByTestId('permission-all-channels').check()
    const emailRule = page.getByRole('radiogroup', { name: 'Members: E-mail', exact: true })
    await emailRule.locator('label', { hasText: 'Hidden' }).click()
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/permissions\/roles(\?.*)?$/)
    await editor.close()
    const roles = await asAdmin<{ data: { id: number; name: string; field_rules: unknown }[] }>(
      product,
      `/api/roles?keyword=${encodeURIComponent(roleName)}`,
    )
    const role = roles.data.find((r) => r.name === roleName)
    expect(role?.field_rules).toEqual({ users: { email: 'none' } })
    const username = `marketer-${suffix}`
    await asAdmin(product, '/api/admins', {
      method: 'POST',
      body: { username, password: PASSWORD, name: roleName, role_ids: [role?.id] },
    })

    const context = await languageContext(product, 'en')
    const narrowed = await logInPage(context, product, { username, password: PASSWORD }, 'en')
    await narrowed.goto(`${product.server.url}/#/users?keyword=rules-${suffix}`)
    const table = narrowed.locator('.ant-table')
    await table.getByText(`rules-${suffix}`, { exact: true }).waitFor()
    const headers = await table.locator('thead th').allInnerTexts()
    expect(headers.map((text) => text.trim())).toContain('Username')
    expect(headers.map((text) => text.trim())).not.toContain('E-mail')
    expect(await table.textContent()).not.toContain(email)
    await context.close()
  })
})
