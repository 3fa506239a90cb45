import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser } from './browser.ts'
import { ADMIN, type RunningServer, startServer } from './server.ts'

export interface Product {
  server: RunningServer
  browser: Browser
}

/**
 * The product for one test file: the real server on a fresh embedded database (with `env` on top of the
 * defaults) and a Chromium, started before the file's tests and stopped after them.
 */
export function useProduct(env: Record<string, string> = {}): Product {
  const product = {} as Product
  beforeAll(async () => {
    product.server = await startServer(env)
    product.browser = await launchBrowser()
  })
  afterAll(async () => {
    await product.browser?.close()
    await product.server?.stop()
  })
  return product
}

/** A browser context in English (the language cookie the app keeps), not yet logged in. */
export async function englishContext({ server, browser }: Product): Promise<BrowserContext> {
  const context = await browser.newContext()
  await context.addCookies([{ name: 'language', value: 'en', url: server.url }])
  return context
}

/** Fills and submits the login form in English (see englishContext); the caller waits for what follows. */
export async function submitLogin(
  page: Page,
  { server }: Product,
  credentials: { username: string; password: string } = ADMIN,
): Promise<void> {
  await page.goto(`${server.url}/#/login`)
  await page.getByLabel('Username').fill(credentials.username)
  await page.getByLabel('Password').fill(credentials.password)
  await page.getByRole('button', { name: 'Login' }).click()
}

/** Calls the API as the seeded admin, to set things up or to check what the screens did. */
export async function asAdmin<T>(
  server: RunningServer,
  path: string,
  { method = 'GET', body }: { method?: string; body?: unknown } = {},
): Promise<T> {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const { access_token } = (await login.json()) as { access_token: string }
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${access_token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (res.status === 204 ? undefined : await res.json()) as T
}
