import { Secret, TOTP } from 'otpauth'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { englishContext, submitLogin, useProduct } from '../support/product.ts'
import { ADMIN } from '../support/server.ts'

const product = useProduct({ TWO_FACTOR: 'required' })

const OTHER = { username: 'e2e-second', password: 'second-passw0rd', name: 'Second Admin' }

/** The authenticator app: codes of a base32 secret, 6 digits every 30 s (RFC 6238). */
const authenticator = (secret: string) =>
  new TOTP({
    secret: Secret.fromBase32(secret.replace(/\s+/g, '')),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  })

/** Username and password on the login screen; the two-factor step follows. */
async function submitPassword(page: Page, credentials: { username: string; password: string }) {
  await submitLogin(page, product, credentials)
  await page.getByRole('heading', { name: 'Two-step verification' }).waitFor()
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Authenticator code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
}

async function logOut(page: Page) {
  await page.getByTestId('user-menu').click()
  await page.getByTestId('logout').click()
  await page.waitForURL(/#\/login/)
}

async function call<T>(path: string, init: { token?: string; body?: unknown; method?: string } = {}) {
  const res = await fetch(`${product.server.url}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: res.status, body: (res.status === 204 ? {} : await res.json()) as T }
}

describe('two-factor login, end to end in Chromium', () => {
  it('binds at first login, verifies later ones, refuses a replayed code, and a reset means binding again', async () => {
    const context = await englishContext(product)
    const page = await context.newPage()

    // First login: bind. The step shows the QR code and the key; the test plays the authenticator app.
    await submitPassword(page, ADMIN)
    const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' })
    await qr.waitFor()
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    const app = authenticator(secret)
    // Six digits, checked before anything is sent.
    await enterCode(page, '123')
    await page.getByText('The code is 6 digits.').waitFor()
    await enterCode(page, app.generate())
    await page.waitForURL(/#\/dashboard$/)

    // Another admin, bound through the API, for the reset below.
    const token = (await context.cookies(product.server.url)).find((c) => c.name === 'Admin-Token')
      ?.value as string
    const roles = await call<{ data: { id: number; name: string }[] }>('/roles', { token })
    const superAdmin = roles.body.data.find((role) => role.name === 'super-admin')
    const created = await call<{ data: { id: number } }>('/admins', {
      token,
      body: { ...OTHER, role_ids: [superAdmin?.id] },
    })
    expect(created.status).toBe(201)
    const otherId = created.body.data.id
    const challenge = await call<{ two_factor: string; two_factor_token: string }>('/login', { body: OTHER })
    expect(challenge.body.two_factor).toBe('bind')
    const otherBinding = await call<{ data: { secret: string } }>('/googleOtpauth', {
      token: challenge.body.two_factor_token,
      body: {},
    })
    const bound = await call('/googleVerify', {
      token: challenge.body.two_factor_token,
      body: { code: authenticator(otherBinding.body.data.secret).generate() },
    })
    expect(bound.status).toBe(200)
    expect((await call<{ two_factor: string }>('/login', { body: OTHER })).body.two_factor).toBe('verify')

    // Reset its authenticator from its detail page.
    await page.goto(`${product.server.url}/#/permissions/admins/${otherId}`)
    const boundCell = page.getByTestId('two-factor-bound')
    await expect.poll(() => boundCell.textContent()).toBe('Yes')
    await page.getByTestId(`reset-qrcode-${otherId}`).click()
    await page.getByTestId('reset-qrcode-confirm').click()
    await expect.poll(() => boundCell.textContent()).toBe('No')
    expect((await call<{ two_factor: string }>('/login', { body: OTHER })).body.two_factor).toBe('bind')

    // That admin's next login in the browser asks it to bind again.
    const otherContext = await englishContext(product)
    const otherPage = await otherContext.newPage()
    await submitPassword(otherPage, OTHER)
    await otherPage.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor()
    await otherContext.close()

    // Later logins verify. Binding used this 30 s step's code, and a code works once, so the app's next one.
    await logOut(page)
    await submitPassword(page, ADMIN)
    expect(await page.getByRole('img').count()).toBe(0)
    const next = app.generate({ timestamp: Date.now() + 30_000 })
    await enterCode(page, next)
    await page.waitForURL(/#\/dashboard$/)

    // The same code again is refused, with the server's message under the field.
    await logOut(page)
    await submitPassword(page, ADMIN)
    await enterCode(page, next)
    const field = page.getByLabel('Authenticator code')
    await page.getByText('The code is wrong, expired or already used.').waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    expect(new URL(page.url()).hash).toMatch(/^#\/login/)

    await context.close()
  })
})
