import { Secret, TOTP } from 'otpauth'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'
import { nextFrame, shows } from '../support/waits.ts'

// TWO_FACTOR as it comes: optional.
const product = useProduct()

type Created = { data: { id: number } }

/** A new admin; with `bound`, its authenticator is bound through the API as its own app would. */
async function createAdmin(username: string, bound: boolean): Promise<number> {
  const credentials = { username, password: `${username}-passw0rd` }
  const admin = await asAdmin<Created>(product, '/api/admins', {
    method: 'POST',
    body: { ...credentials, name: username },
  })
  if (bound) {
    const api = (path: string, token: string, body: unknown) =>
      fetch(`${product.server.url}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }).then((res) => res.json() as Promise<{ data: { secret: string; two_factor_bound: number } }>)
    const login = await fetch(`${product.server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    }).then((res) => res.json() as Promise<{ access_token: string }>)
    const binding = await api('/googleOtpauth', login.access_token, {})
    const code = new TOTP({
      secret: Secret.fromBase32(binding.data.secret),
      digits: 6,
      period: 30,
    }).generate()
    const verified = await api('/googleVerify', login.access_token, { code })
    expect(verified.data.two_factor_bound).toBe(1)
  }
  return admin.data.id
}

/** The tooltip shown while the pointer rests on (or the focus is on) an element. */
async function tooltipOf(page: Page, testId: string): Promise<string> {
  await page.getByTestId(testId).hover()
  const tooltip = page.locator('.ant-tooltip:visible')
  await tooltip.waitFor()
  const text = (await tooltip.textContent()) ?? ''
  await page.mouse.move(0, 0)
  await tooltip.waitFor({ state: 'hidden' })
  return text
}

describe('actions that cannot succeed are not offered as if they could, end to end in Chromium', () => {
  it('authenticator reset: disabled without a binding, and worded for TWO_FACTOR=optional', async () => {
    const unbound = await createAdmin('e2e-unbound', false)
    const bound = await createAdmin('e2e-bound', true)
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()

    await page.goto(`${product.server.url}/#/permissions/admins/${unbound}`)
    const reset = page.getByTestId(`reset-qrcode-${unbound}`)
    await reset.waitFor()
    expect(await reset.getAttribute('aria-disabled')).toBe('true')
    expect(await tooltipOf(page, `reset-qrcode-${unbound}`)).toBe('No authenticator is bound.')
    // Clicked all the same (as a person may): nothing is asked, nothing happens.
    await reset.click({ force: true })
    await nextFrame(page)
    expect(await page.getByRole('dialog').count()).toBe(0)

    await page.goto(`${product.server.url}/#/permissions/admins/${bound}`)
    await page.getByTestId(`reset-qrcode-${bound}`).click()
    const question = page.getByRole('dialog')
    await question.waitFor()
    const words = (await question.textContent()) ?? ''
    expect(words).not.toContain('must bind')
    expect(words).toContain(
      'logins then need only the password until the admin binds a new one from the profile',
    )
    await page.getByTestId('reset-qrcode-confirm').click()
    // (The first admin's page stays open, hidden, in its tab.)
    await expect.poll(() => page.locator('[data-testid="two-factor-bound"]:visible').textContent()).toBe('No')
    expect(await page.getByTestId(`reset-qrcode-${bound}`).getAttribute('aria-disabled')).toBe('true')
    await context.close()
  })

  it('the super-admin role: delete disabled saying why, its name and permissions shown but fixed', async () => {
    const roles = await asAdmin<{ data: { id: number; name: string }[] }>(product, '/api/roles')
    const superRole = roles.data.find((role) => role.name === 'super-admin') as { id: number }
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/permissions/roles`)
    const remove = page.getByTestId(`delete-${superRole.id}`)
    await remove.waitFor()
    expect(await remove.getAttribute('aria-disabled')).toBe('true')
    expect(await tooltipOf(page, `delete-${superRole.id}`)).toBe('The super-admin role cannot be deleted.')

    // Edit stays: who holds the role can change; name and permissions cannot.
    await page.getByTestId(`edit-${superRole.id}`).click()
    const name = page.getByRole('textbox', { name: 'Role name' })
    await expect.poll(() => name.inputValue()).toBe('super-admin')
    expect(await name.isDisabled()).toBe(true)
    await page.getByText('The super-admin role keeps its name and every permission').waitFor()
    expect(await page.getByTestId('permission-list-tags').isDisabled()).toBe(true)
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/permissions\/roles(\?.*)?$/)
    await page.getByText('Saved').waitFor()
    await context.close()
  })

  it('a delete confirmation names the record', async () => {
    const tags = await asAdmin<{ data: { id: number; name: string }[] }>(product, '/api/tags?sort=id')
    const tag = tags.data[0] as { id: number; name: string }
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/tags?sort=id`)
    await page.getByTestId(`delete-${tag.id}`).click()
    await shows(page.getByRole('dialog').getByText(`Delete “${tag.name}”?`), 'a confirmation naming the tag')
    await context.close()
  })
})
