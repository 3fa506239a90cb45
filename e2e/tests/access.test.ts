import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { asAdmin, contextAs, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

const ROLE = 'E2E Viewer'
const VIEWER = { username: 'e2e-viewer', password: 'viewer-passw0rd', name: 'E2E Viewer Admin' }

/**
 * Picks an option of an antd select, found by its label, after opening it and typing the option (a record
 * picker lists its first matches only, and other suites' roles come first).
 */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click()
  await page.keyboard.type(option)
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click()
  await page.keyboard.press('Escape')
}

describe('staff and access, end to end in Chromium', () => {
  it('a role and an admin made in the screens limit what that admin sees and may call; the trail shows it', async () => {
    const adminContext = await loggedInContext(product, 'en')
    const page = await adminContext.newPage()
    await page.goto(`${product.server.url}/#/profile/index`)

    // The Permissions group opens on click and holds the three screens.
    const sidebar = page.getByTestId('sidebar')
    await sidebar.getByText('Permissions', { exact: true }).click()
    await sidebar.getByRole('menuitem', { name: 'Roles' }).click()
    await page.waitForURL(/#\/permissions\/roles$/)

    // A role holding only list-tags and list-videos, ticked in the catalogue.
    await page.getByTestId('roles-create').click()
    await page.waitForURL(/#\/permissions\/roles\/create$/)
    await page.getByRole('textbox', { name: 'Role name' }).fill(ROLE)
    await page.getByRole('group', { name: 'Tags' }).getByRole('checkbox', { name: 'List' }).check()
    await page.getByRole('textbox', { name: 'Filter permissions' }).fill('videos')
    await page.getByRole('group', { name: 'Videos' }).getByRole('checkbox', { name: 'List' }).check()
    // The group's select-all box shows that only some of its permissions are chosen.
    await expect
      .poll(() => page.getByTestId('permission-group-videos').locator('.ant-checkbox-indeterminate').count())
      .toBe(1)
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/permissions\/roles(\?.*)?$/)
    const roles = await asAdmin<{ data: { id: number; name: string; permissions: string[] }[] }>(
      product,
      `/api/roles?keyword=${encodeURIComponent(ROLE)}`,
    )
    const role = roles.data.find((r) => r.name === ROLE)
    // With what the video list's filters read (contract/src/permissions.ts permissionNeeds), ticked with it.
    expect(role?.permissions.sort()).toEqual([
      'list-directors',
      'list-sources',
      'list-tag-categories',
      'list-tags',
      'list-videos',
    ])

    // An admin holding that role.
    await page.goto(`${product.server.url}/#/permissions/admins`)
    await page.getByTestId('admins-create').click()
    await page.waitForURL(/#\/permissions\/admins\/create$/)
    await page.getByRole('textbox', { name: 'Username' }).fill(VIEWER.username)
    // The password follows spec section 5's rule, with its exact message.
    await page.getByLabel('Password').fill('nodigitshere')
    await page.getByRole('textbox', { name: /^\W*Name$/ }).click()
    await page.getByText('Your password does not contain any number.').waitFor()
    await page.getByLabel('Password').fill(VIEWER.password)
    await page.getByRole('textbox', { name: /^\W*Name$/ }).fill(VIEWER.name)
    await choose(page, 'Roles', ROLE)
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/permissions\/admins(\?.*)?$/)
    const admins = await asAdmin<{ data: { id: number; username: string; roles: { name: string }[] }[] }>(
      product,
      `/api/admins?keyword=${VIEWER.username}`,
    )
    const viewer = admins.data.find((a) => a.username === VIEWER.username)
    expect(viewer?.roles.map((r) => r.name)).toEqual([ROLE])

    // Its detail page: fields, roles, and the breadcrumb through the group.
    await page.getByTestId('admins-table').getByTestId(`show-${viewer?.id}`).click()
    await page.waitForURL(new RegExp(`#/permissions/admins/${viewer?.id}$`))
    const detail = page.getByTestId('admins-detail')
    await expect.poll(() => detail.textContent()).toContain(VIEWER.name)
    expect(await detail.textContent()).toContain(ROLE)
    await page.getByTestId('allocated-members-table').waitFor()
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect.poll(() => crumbs.textContent()).toMatch(/Permissions[\s\S]*Admins[\s\S]*Admin details/)
    expect(await crumbs.getByRole('link', { name: 'Permissions' }).count()).toBe(0)
    await sidebar.locator('.ant-menu-item-selected', { hasText: 'Admins' }).waitFor()

    // The group folds and unfolds on its title; entering one of its screens while folded unfolds it.
    const groupTitle = sidebar.getByText('Permissions', { exact: true })
    const rolesItem = sidebar.getByRole('menuitem', { name: 'Roles' })
    await groupTitle.click()
    await expect.poll(() => rolesItem.isVisible()).toBe(false)
    await groupTitle.click()
    await expect.poll(() => rolesItem.isVisible()).toBe(true)
    await groupTitle.click()
    await expect.poll(() => rolesItem.isVisible()).toBe(false)
    await page.goto(`${product.server.url}/#/permissions/roles`)
    await expect.poll(() => rolesItem.isVisible()).toBe(true)
    await sidebar.locator('.ant-menu-item-selected', { hasText: 'Roles' }).waitFor()

    // A role some admin holds cannot go: the server's 409 message is shown.
    await page.getByTestId('roles-table').getByTestId(`delete-${role?.id}`).click()
    await page.getByTestId('delete-confirm').click()
    await page.getByText('This role is held by 1 admin(s); take it from them first.').waitFor()

    // The limited admin, in a browser of its own.
    const viewerContext = await contextAs(product, VIEWER, 'en')
    const viewerPage = await viewerContext.newPage()
    await viewerPage.goto(`${product.server.url}/#/profile/index`)
    const viewerSidebar = viewerPage.getByTestId('sidebar')
    await viewerSidebar.getByRole('menuitem', { name: 'Tags' }).waitFor()
    expect(await viewerSidebar.getByText('Permissions', { exact: true }).count()).toBe(0)
    await viewerPage.goto(`${product.server.url}/#/permissions/admins`)
    await viewerPage.waitForURL(/#\/(401|404)$/)
    const token = (await viewerContext.cookies(product.server.url)).find(
      (c) => c.name === 'Admin-Token',
    )?.value
    expect(token).toBeTruthy()
    const refused = await fetch(`${product.server.url}/api/admins`, {
      headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
    })
    expect(refused.status).toBe(403)
    // Without create-tags, the tags list offers no create button.
    await viewerPage.goto(`${product.server.url}/#/tags`)
    await viewerPage.getByTestId('tags-table').waitFor()
    expect(await viewerPage.getByTestId('tags-create').count()).toBe(0)

    // The role swaps list-tags for list-roles: at the next page load the menu has Roles and no Tags, and the
    // API refuses the tags list.
    await asAdmin(product, `/api/roles/${role?.id}`, {
      method: 'PUT',
      body: { permissions: ['list-videos', 'list-roles'] },
    })
    await viewerPage.goto(`${product.server.url}/#/dashboard`)
    await viewerPage.reload()
    await viewerSidebar.getByText('Permissions', { exact: true }).click()
    await viewerSidebar.getByRole('menuitem', { name: 'Roles' }).waitFor()
    expect(await viewerSidebar.getByRole('menuitem', { name: 'Tags' }).count()).toBe(0)
    const tagsRefused = await fetch(`${product.server.url}/api/tags`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(tagsRefused.status).toBe(403)
    await viewerContext.close()

    // Back as super admin: the audit trail lists the role's and the admin's creation. The server is shared
    // by the suite, so the trail is narrowed to this file's admin.
    await page.goto(`${product.server.url}/#/permissions/audit-logs?admin_id=${product.admin.id}`)
    const rows = page.getByTestId('audit-logs-table').locator('tbody tr.ant-table-row')
    await expect.poll(() => rows.count()).toBeGreaterThan(2)
    await choose(page, 'Action', 'Create')
    await page.waitForURL(/action=create/)
    await expect.poll(() => rows.count()).toBe(2)
    // Spec section 9's quick ranges: today keeps both rows; yesterday has none.
    const range = page.getByRole('group', { name: 'Time' })
    // Each preset is picked in the open dropdown, which closes before the next opens; the list follows the URL.
    const preset = async (label: string) => {
      const before = page.url()
      await range.locator('input').first().click()
      await page
        .locator('.ant-picker-dropdown:visible .ant-picker-presets')
        .getByText(label, { exact: true })
        .click()
      await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0)
      await page.waitForURL((url) => url.href !== before && /created_at_from=.*created_at_to=/.test(url.href))
    }
    await preset('Today')
    await expect.poll(() => rows.count()).toBe(2)
    await preset('Yesterday')
    await expect.poll(() => rows.count()).toBe(0)
    await preset('Today')
    await expect.poll(() => rows.count()).toBe(2)
    const texts = await rows.allInnerTexts()
    // Cells are tab-separated in a row's text: find the rows by their resource column.
    const roleRow = texts.find((text) => text.includes('\tRoles\t'))
    const adminRow = texts.find((text) => text.includes('\tAdmins\t'))
    expect(roleRow).toContain(`Role name: ${ROLE}`)
    expect(roleRow).toContain('List Tags')
    expect(roleRow).toContain('List Videos')
    expect(adminRow).toContain(`Username: ${VIEWER.username}`)
    expect(adminRow).toContain('Password: (changed)')
    for (const text of texts) expect(text).toContain(product.admin.username)

    await adminContext.close()
  })
})
