import { beforeAll, describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()
const ROLES = 120
const roleName = (n: number) => `E2E picker role ${String(n).padStart(3, '0')}`
const PICKED = roleName(ROLES)
const HOLDER = { username: 'e2e-holder', password: 'holder-passw0rd', name: 'E2E Holder' }

async function api<T>(token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${product.server.url}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

const holder = async () =>
  (
    await asAdmin<{ data: { id: number; username: string; roles: { name: string }[] }[] }>(
      product,
      `/api/admins?keyword=${HOLDER.username}`,
    )
  ).data.find((admin) => admin.username === HOLDER.username)

describe('record pickers over more records than one page holds, end to end in Chromium', () => {
  beforeAll(async () => {
    const login = await fetch(`${product.server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: product.admin.username, password: product.admin.password }),
    })
    const { access_token: token } = (await login.json()) as { access_token: string }
    for (let n = 1; n <= ROLES; n++) await api(token, '/roles', { name: roleName(n), permissions: [] })
  })

  it('finds the last of many roles by searching on the server, and saves it with the admin', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/permissions/admins/create`)
    await page.getByRole('textbox', { name: 'Username' }).fill(HOLDER.username)
    await page.getByLabel('Password').fill(HOLDER.password)
    await page.getByRole('textbox', { name: /^\W*Name$/ }).fill(HOLDER.name)
    const roles = page.getByRole('combobox', { name: 'Roles' })
    await roles.click()
    // More roles than a page holds: the first ones are offered, with a word on how to find the rest.
    await page.getByText(/^Showing 20 of \d+; type to narrow the search$/).waitFor()
    await roles.pressSequentially(PICKED)
    await page.locator('.ant-select-dropdown:visible').getByTitle(PICKED, { exact: true }).click()
    await page.keyboard.press('Escape')
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/permissions\/admins(\?.*)?$/)
    expect((await holder())?.roles.map((role) => role.name)).toEqual([PICKED])
    await context.close()
  })

  it('shows a chosen role by name on the edit form, fetched by its id', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/permissions/admins/edit/${(await holder())?.id}`)
    const field = page.locator('.ant-form-item', { has: page.getByRole('combobox', { name: 'Roles' }) })
    await expect.poll(() => field.locator('.ant-select-selection-item').allTextContents()).toEqual([PICKED])
    await context.close()
  })
})
