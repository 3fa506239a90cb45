import { randomBytes } from 'node:crypto'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { SUPER_ADMIN_ROLE } from '../../contract/src/permissions.ts'
import { ADMIN, type RunningServer, startServer } from './server.ts'

export interface Credentials {
  username: string
  password: string
}

export interface Product {
  server: Pick<RunningServer, 'url'>
  browser: Browser
  /**
   * Who this file logs in as: on the shared server a super-admin of its own, made for this file, so what one
   * file changes (a password, a profile, the audit trail) is not another's; on a server of its own, the
   * seeded admin.
   */
  admin: Credentials & { id: number }
}

async function api<T>(
  url: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`)
  return (res.status === 204 ? undefined : await res.json()) as T
}

const login = async (url: string, credentials: Credentials) =>
  (await api<{ access_token: string }>(url, '/api/login', { method: 'POST', body: credentials })).access_token

/** A new enabled super-admin on the shared server, made by the seeded one. */
async function freshAdmin(url: string): Promise<Product['admin']> {
  const token = await login(url, ADMIN)
  const roles = await api<{ data: { id: number; name: string }[] }>(url, '/api/roles?per_page=100', { token })
  const role = roles.data.find((r) => r.name === SUPER_ADMIN_ROLE)
  if (!role) throw new Error('no super-admin role')
  const credentials = { username: `e2e-${randomBytes(4).toString('hex')}`, password: 'e2e-passw0rd' }
  const { data } = await api<{ data: { id: number } }>(url, '/api/admins', {
    method: 'POST',
    token,
    body: { ...credentials, name: 'E2E Admin', role_ids: [role.id] },
  })
  return { ...credentials, id: data.id }
}

/**
 * The product for one test file: the run's shared server (global-setup.ts) with an admin of the file's own,
 * or, when the file needs other settings (`env`, e.g. TWO_FACTOR), a server of its own on a fresh embedded
 * database; either way the run's one Chromium, in contexts the file opens and closes.
 */
export function useProduct(env: Record<string, string> = {}): Product {
  const product = {} as Product
  let own: RunningServer | undefined
  beforeAll(async () => {
    product.browser = withReducedMotion(await chromium.connect(inject('e2eBrowserEndpoint')))
    if (Object.keys(env).length > 0) {
      own = await startServer(env)
      product.server = own
      product.admin = { ...ADMIN, id: 1 }
    } else {
      product.server = { url: inject('e2eServerUrl') }
      product.admin = await freshAdmin(product.server.url)
    }
  })
  afterAll(async () => {
    // Disconnects: the contexts this file left open go, the shared browser stays.
    await product.browser?.close()
    await own?.stop()
  })
  return product
}

/**
 * Contexts ask for reduced motion unless told otherwise (`reducedMotion: 'no-preference'`): the app then draws
 * without animations (app/use-reduced-motion.ts), so steps need not wait for menus and pickers to slide in.
 * Chromium's own `--force-prefers-reduced-motion` does not reach pages playwright drives, hence the option.
 */
function withReducedMotion(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options })
  return browser
}

/** The two languages of the app. */
export type Language = 'en' | 'zh-cn'

/** A browser context in a language (the language cookie the app keeps), not yet logged in. */
export async function languageContext(
  { server, browser }: Product,
  language: Language,
): Promise<BrowserContext> {
  const context = await browser.newContext()
  await context.addCookies([{ name: 'language', value: language, url: server.url }])
  return context
}

/** A browser context in English, not yet logged in. */
export const englishContext = (product: Product) => languageContext(product, 'en')

/** Fills and submits the login form in the context's language; the caller waits for what follows. */
export async function submitLogin(
  page: Page,
  product: Product,
  credentials: Credentials = product.admin,
  language: Language = 'en',
) {
  const zh = language === 'zh-cn'
  await page.goto(`${product.server.url}/#/login`)
  await page.getByLabel(zh ? '用户名' : 'Username').fill(credentials.username)
  await page.getByLabel(zh ? '密码' : 'Password').fill(credentials.password)
  await page.getByRole('button', { name: zh ? '登录' : 'Login' }).click()
}

/** A new page of the context, logged in through the form in the context's language, on the dashboard. */
export async function logInPage(
  context: BrowserContext,
  product: Product,
  credentials: Credentials,
  language: Language = 'en',
): Promise<Page> {
  const page = await context.newPage()
  await submitLogin(page, product, credentials, language)
  await page.waitForURL(/#\/dashboard$/)
  return page
}

/** Calls the API as the file's admin, to set things up or to check what the screens did. */
export async function asAdmin<T>(
  product: Product,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  return api<T>(product.server.url, path, { ...init, token: await login(product.server.url, product.admin) })
}

/**
 * A browser context logged in as the file's admin (its token in the cookie the app reads), at 1440 px, in
 * the language of `cookie` (zh-cn, the default, when none). `bypassCSP` for tests that inject scripts (axe).
 */
export async function loggedInContext(
  product: Product,
  cookie?: string,
  options: { bypassCSP?: boolean } = {},
): Promise<BrowserContext> {
  const { browser, server, admin } = product
  const context = await browser.newContext({ ...options, viewport: { width: 1440, height: 900 } })
  if (cookie) await context.addCookies([{ name: 'language', value: cookie, url: server.url }])
  const { access_token } = await asAdmin<{ access_token: string }>(product, '/api/login', {
    method: 'POST',
    body: { username: admin.username, password: admin.password },
  })
  await context.addCookies([{ name: 'Admin-Token', value: access_token, url: server.url }])
  return context
}
