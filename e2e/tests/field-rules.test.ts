import { describe, expect, it } from 'vitest'
import { asAdmin, contextAs, loggedInContext, useProduct } from '../support/product.ts'

/**
 * Field rules in the browser (docs/security.md "Field rules"), a state each: a role whose members' e-mail the
 * role editor's grid hides and whose birthdate it masks, both by keyboard (arrows through the states), and
 * whose phone it makes read only; an admin holding it, whose members list has no e-mail column and no address
 * in it, whose member page shows the birthdate masked, and whose edit form leaves the e-mail out, shows the
 * phone disabled and saves the first name it may write.
 */
const product = useProduct()
const PASSWORD = 'Rules-passw0rd'
const suffix = Date.now().toString(36)

describe('field rules', () => {
  it('shows each state the grid gave, by keyboard: e-mail hidden, birthdate masked, phone read only, the rest written', async () => {
    const email = `rules-${suffix}@example.com`
    await asAdmin(product, '/api/users/batch-create', {
      method: 'POST',
      body: { rows: [{ username: `rules-${suffix}`, email, phone: '+1 555 0199', birthdate: '1990-04-17' }] },
    })
    const members = await asAdmin<{ data: { id: number }[] }>(product, `/api/users?keyword=rules-${suffix}`)
    const member = members.data[0]?.id
    const editor = await loggedInContext(product, 'en')
    const page = await editor.newPage()
    const roleName = `Marketing ${suffix}`
    await page.goto(`${product.server.url}/#/permissions/roles/create`)
    await page.getByRole('textbox', { name: 'Role name' }).fill(roleName)
    await page.getByTestId('permission-list-users').check()
    await page.getByTestId('permission-edit-users').check()
    await page.getByTestId('permission-all-channels').check()
    // By keyboard: each arrow moves a field one state on (read and write, read only, masked, hidden).
    const emailRule = page.getByRole('radiogroup', { name: 'Members: E-mail', exact: true })
    await emailRule.getByRole('radio', { name: 'Read and write' }).focus()
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
    expect(await emailRule.getByRole('radio', { name: 'Hidden' }).isChecked()).toBe(true)
    const birthdateRule = page.getByRole('radiogroup', { name: 'Members: Birthdate', exact: true })
    await birthdateRule.getByRole('radio', { name: 'Read and write' }).focus()
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight')
    expect(await birthdateRule.getByRole('radio', { name: 'Masked' }).isChecked()).toBe(true)
    const phoneRule = page.getByRole('radiogroup', { name: 'Members: Phone', exact: true })
    await phoneRule.locator('label', { hasText: 'Read only' }).click()
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/permissions\/roles(\?.*)?$/)
    await editor.close()
    const roles = await asAdmin<{ data: { id: number; name: string; field_rules: unknown }[] }>(
      product,
      `/api/roles?keyword=${encodeURIComponent(roleName)}`,
    )
    const role = roles.data.find((r) => r.name === roleName)
    expect(role?.field_rules).toEqual({ users: { email: 'none', phone: 'read', birthdate: 'masked' } })
    const username = `marketer-${suffix}`
    await asAdmin(product, '/api/admins', {
      method: 'POST',
      body: { username, password: PASSWORD, name: roleName, role_ids: [role?.id] },
    })

    const context = await contextAs(product, { username, password: PASSWORD }, 'en')
    const narrowed = await context.newPage()
    await narrowed.goto(`${product.server.url}/#/users?keyword=rules-${suffix}`)
    const table = narrowed.locator('.ant-table')
    await table.getByText(`rules-${suffix}`, { exact: true }).waitFor()
    const headers = await table.locator('thead th').allInnerTexts()
    expect(headers.map((text) => text.trim())).toContain('Username')
    expect(headers.map((text) => text.trim())).not.toContain('E-mail')
    expect(await table.textContent()).not.toContain(email)
    expect(await narrowed.getByTestId('hidden-by-role').textContent()).toBe(
      'Some fields are hidden by your role.',
    )

    // Its member page shows the birthdate masked, never whole, and no e-mail.
    await narrowed.goto(`${product.server.url}/#/users/${member}`)
    await narrowed.getByText('1990-••-••').first().waitFor()
    const shown = (await narrowed.locator('body').textContent()) ?? ''
    expect(shown).not.toContain('1990-04-17')
    expect(shown).not.toContain(email)

    // Its edit form has no e-mail, shows the phone it may only read disabled, and saves what it may write.
    await narrowed.goto(`${product.server.url}/#/users/edit/${member}`)
    const firstName = narrowed.getByRole('textbox', { name: 'First name' })
    await firstName.waitFor()
    expect(await narrowed.getByRole('textbox', { name: 'Phone' }).isDisabled()).toBe(true)
    expect(await narrowed.getByRole('textbox', { name: 'E-mail' }).count()).toBe(0)
    await firstName.fill('Narrowed')
    await narrowed.getByTestId('form-submit').click()
    await narrowed.waitForURL(/#\/users(\?.*)?$/)
    const saved = await asAdmin<{ data: { first_name: string; email: string } }>(
      product,
      `/api/users/${member}`,
    )
    expect(saved.data).toMatchObject({ first_name: 'Narrowed', email })
    await context.close()
  })

  it('leaves the rows of hidden fields out of a record page and says so in one line (zh-cn, 1280 px)', async () => {
    const username = `hidden-rows-${suffix}`
    await asAdmin(product, '/api/users/batch-create', {
      method: 'POST',
      body: { rows: [{ username, phone: '+1 555 0142', birthdate: '1988-02-03' }] },
    })
    const members = await asAdmin<{ data: { id: number }[] }>(product, `/api/users?keyword=${username}`)
    const member = members.data[0]?.id
    const role = await asAdmin<{ data: { id: number } }>(product, '/api/roles', {
      method: 'POST',
      body: {
        name: `Support ${suffix}`,
        permissions: ['list-users', 'all-channels'],
        field_rules: { users: { phone: 'none', birthdate: 'none' } },
      },
    })
    const support = { username: `support-${suffix}`, password: PASSWORD }
    await asAdmin(product, '/api/admins', {
      method: 'POST',
      body: { ...support, name: 'Support', role_ids: [role.data.id] },
    })
    const context = await contextAs(product, support, 'zh-cn')
    const page = await context.newPage()
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${product.server.url}/#/users/${member}`)
    const detail = page.getByTestId('users-detail')
    await detail.locator('[data-field="username"]').getByText(username).waitFor()
    expect(await detail.locator('[data-field="phone"], [data-field="birthdate"]').count()).toBe(0)
    expect(await page.getByTestId('hidden-by-role').textContent()).toBe('部分字段已被您的角色隐藏。')
    const shown = (await page.locator('body').textContent()) ?? ''
    expect(shown).not.toContain('0142')
    expect(shown).not.toContain('1988')
    // A search by the hidden phone finds nothing, and says the role hides fields, not that no one matches.
    await page.getByTestId('header-search').click()
    await page.getByTestId('header-search-input').locator('input').fill('555 0142')
    const none = page.getByTestId('search-no-match')
    await none.waitFor()
    expect(await none.textContent()).toContain('部分字段已被您的角色隐藏。')
    await context.close()
  })
})
