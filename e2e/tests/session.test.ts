import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { asAdmin, englishContext, submitLogin, useProduct } from '../support/product.ts'
import { requestsInFlight } from '../support/waits.ts'

const product = useProduct()

type Created = { data: { id: number } }

/** A role with exactly these permissions and an admin holding it, made through the API. */
async function adminWith(username: string, permissions: string[]) {
  const role = await asAdmin<Created>(product, '/api/roles', {
    method: 'POST',
    body: { name: `Role of ${username}`, permissions },
  })
  const credentials = { username, password: `${username}-passw0rd` }
  const admin = await asAdmin<Created>(product, '/api/admins', {
    method: 'POST',
    body: { ...credentials, name: username, role_ids: [role.data.id] },
  })
  return { ...credentials, id: admin.data.id, roleId: role.data.id }
}

async function openAs(credentials: { username: string; password: string }, landing: RegExp) {
  const context = await englishContext(product)
  const page = await context.newPage()
  const network = requestsInFlight(page)
  await submitLogin(page, product, credentials)
  await page.waitForURL(landing)
  return { context, page, network }
}

const tokenOf = async (context: BrowserContext) =>
  (await context.cookies(product.server.url)).find((cookie) => cookie.name === 'Admin-Token')?.value

const hash = (page: Page) => decodeURIComponent(new URL(page.url()).hash)

describe('the end of a session, end to end in Chromium', () => {
  it('a revoked session goes to login saying so, then back to the page with what was typed', async () => {
    const tags = await asAdmin<{ data: { id: number; name: string }[] }>(product, '/api/tags?sort=id')
    const tag = tags.data[0] as { id: number; name: string }
    const { context, page } = await openAs(product.admin, /#\/dashboard$/)
    await page.goto(`${product.server.url}/#/tags/edit/${tag.id}`)
    const name = page.getByRole('textbox', { name: 'Name' })
    await expect.poll(() => name.inputValue()).toBe(tag.name)
    await name.fill('Typed before the end')

    // The session ends elsewhere (another tab's logout, an expiry); the next call finds out: the save clicked
    // here, or one of the shell's own calls if it comes first (the scheduled changes' notices ask every 30 s),
    // which reloads the page at the login screen under the click. The button is held as this document's own:
    // a locator would find the form again once the login returns to it, and save there.
    const submit = await page.getByTestId('form-submit').elementHandle()
    const out = await fetch(`${product.server.url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenOf(context)}` },
    })
    expect(out.status).toBe(204)
    await submit.click().catch((error: Error) => {
      if (!hash(page).startsWith('#/login')) throw error
    })
    await page.waitForURL(/#\/login\?redirect=/)
    expect(hash(page)).toBe(`#/login?redirect=/tags/edit/${tag.id}`)
    const notice = page.getByTestId('session-notice')
    expect(await notice.textContent()).toContain('Your session has ended. Please log in again.')
    expect(await notice.textContent()).toContain('What you had typed and not saved is kept')

    await page.getByLabel('Username').fill(product.admin.username)
    await page.getByLabel('Password').fill(product.admin.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await page.waitForURL(new RegExp(`#/tags/edit/${tag.id}$`))
    await page.getByTestId('draft-restored').waitFor()
    expect(await name.inputValue()).toBe('Typed before the end')
    // Nothing was saved behind the admin's back.
    const stored = await asAdmin<{ data: { name: string } }>(product, `/api/tags/${tag.id}`)
    expect(stored.data.name).toBe(tag.name)
    // Discard gives the record as stored.
    await page.getByRole('button', { name: 'Discard' }).click()
    await expect.poll(() => name.inputValue()).toBe(tag.name)
    await context.close()
  })

  it('a disabled admin is told so, with an open session and at login after the right password only', async () => {
    const viewer = await adminWith('e2e-disabled', ['list-tags'])
    const { context, page, network } = await openAs(viewer, /#\/dashboard$/)
    // The shell is up and has asked what it asks on arrival: the change below meets the click's request.
    await page.getByTestId('user-menu').waitFor()
    await network.idle()
    await asAdmin(product, `/api/admins/${viewer.id}/disable`, { method: 'POST' })
    await page.getByRole('menuitem', { name: 'Tags' }).click()
    await page.waitForURL(/#\/login\?redirect=/)
    expect(await page.getByTestId('session-notice').textContent()).toBe(
      'Your account has been disabled. Ask an administrator to enable it.',
    )

    await page.getByLabel('Username').fill(viewer.username)
    await page.getByLabel('Password').fill('not-the-passw0rd')
    await page.getByRole('button', { name: 'Login' }).click()
    await page.getByText('These credentials do not match our records.').waitFor()
    await page.getByLabel('Password').fill(viewer.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await page.getByText('This account is disabled. Ask an administrator to enable it.').waitFor()
    await context.close()
  })

  it('an admin granted nothing can log out or switch account from the 401 page', async () => {
    const nobody = await adminWith('e2e-nothing', [])
    const { context, page } = await openAs(nobody, /#\/401$/)
    expect(await page.getByRole('button', { name: 'Back to the dashboard' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Switch account' }).click()
    await page.waitForURL(/#\/login$/)
    await page.getByText('You are logged in already; logging in here ends that session.').waitFor()
    const before = await tokenOf(context)
    await page.getByLabel('Username').fill(product.admin.username)
    await page.getByLabel('Password').fill(product.admin.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await page.waitForURL(/#\/dashboard$/)
    await page.getByTestId('sidebar').getByRole('menuitem', { name: 'Tags' }).waitFor()
    // The replaced session is over.
    const old = await fetch(`${product.server.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${before}` },
    })
    expect(old.status).toBe(401)
    await context.close()

    // Typing /#/login leads there too, and Log out ends the session.
    const again = await openAs(nobody, /#\/401$/)
    await again.page.goto(`${product.server.url}/#/login`)
    await again.page.getByLabel('Username').waitFor()
    await again.page.goBack()
    await again.page.waitForURL(/#\/401$/)
    await again.page.getByRole('button', { name: 'Log out' }).click()
    await again.page.waitForURL(/#\/login/)
    expect(await tokenOf(again.context)).toBeUndefined()
    await again.context.close()
  })

  it('a changed role reaches the menu on a 403 and when the window regains focus, without a reload', async () => {
    const viewer = await adminWith('e2e-changing', ['list-tags', 'list-roles'])
    const { context, page } = await openAs(viewer, /#\/dashboard$/)
    const sidebar = page.getByTestId('sidebar')
    await sidebar.getByRole('menuitem', { name: 'Tags' }).click()
    await page.getByTestId('tags-table').locator('tbody tr.ant-table-row').first().waitFor()

    await asAdmin(product, `/api/roles/${viewer.roleId}`, {
      method: 'PUT',
      body: { permissions: ['list-roles'] },
    })
    // The next call is refused: the menu loses Tags and the page, no longer granted, gives way to 401.
    await page.getByTestId('tags-keyword').fill('anything')
    await page.getByTestId('tags-keyword').press('Enter')
    await page.waitForURL(/#\/401$/)
    await page.goto(`${product.server.url}/#/dashboard`)
    expect(await sidebar.getByRole('menuitem', { name: 'Tags' }).count()).toBe(0)

    await asAdmin(product, `/api/roles/${viewer.roleId}`, {
      method: 'PUT',
      body: { permissions: ['list-roles', 'list-tags'] },
    })
    // Focus asks again at most every 10 s (app/permission-refresh.ts), and the window may have had a focus
    // event of its own since the page opened: the window regains focus until the menu shows Tags.
    await expect
      .poll(
        async () => {
          await page.evaluate("window.dispatchEvent(new Event('focus'))")
          return sidebar.getByRole('menuitem', { name: 'Tags' }).count()
        },
        { timeout: scaled(30_000), interval: 1_000 },
      )
      .toBe(1)
    await context.close()
  })
})
