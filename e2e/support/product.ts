import { randomBytes } from 'node:crypto'
import { appendFileSync } from 'node:fs'
import { basename } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { SUPER_ADMIN_ROLE } from '../../contract/src/permissions.ts'
import { scaled } from '../../test/support/time.ts'
import { launchBrowser } from './browser.ts'
import { ADMIN, type RunningServer, startServer } from './server.ts'
import { trackRequests } from './waits.ts'

export interface Credentials {
  username: string
  password: string
}

export interface Product {
  server: Pick<RunningServer, 'url'>
  /** Contexts in the worker's Chromium, with the suite's defaults; the file's are closed after it. */
  browser: Pick<Browser, 'newContext'>
  /**
   * Who this file logs in as: on the shared server a super-admin of its own, made for this file, so what one
   * file changes (a password, a profile, the audit trail) is not another's; on a server of its own, the
   * seeded admin.
   */
  admin: Credentials & { id: number }
  /**
   * Another server process on the same database, for a second person (`elsewhere`), when the file asked for two
   * processes and the run has PostgreSQL (global-setup.ts); else the same server.
   */
  other: Pick<RunningServer, 'url'>
}

/** The product as reached through its other process: a second person's contexts and addresses. */
export const elsewhere = (product: Product): Product => ({ ...product, server: product.other })

/** An API call the server refused, with its status. */
class ApiError extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.status = status
  }
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
  if (!res.ok)
    throw new ApiError(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`, res.status)
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
 * This worker's Chromium, launched by its first file and shared by its files one after another (the worker
 * keeps its modules between files: vitest.config.ts `isolate: false`). In the worker's own process: through a
 * browser server in the run's main process, every call would cross a WebSocket and be encoded and decoded twice
 * more. It ends with the worker.
 */
let workerBrowser: Promise<Browser> | undefined

/**
 * The product for one test file: its worker's shared server (global-setup.ts) with an admin of the file's own,
 * or, when the file needs other settings (`env`, e.g. TWO_FACTOR), a server of its own on a copy of the run's
 * seeded data (global-setup.ts, its own embedded database from then on); either way its worker's Chromium, in
 * contexts the file opens and closes. With `processes: 2`, the run's two server processes on PostgreSQL instead
 * of the worker's server, the second as `other`.
 */
export function useProduct(env: Record<string, string> = {}, options: { processes?: 2 } = {}): Product {
  const product = {} as Product
  let own: RunningServer | undefined
  const boots = { count: 0 }
  const contexts = new Set<BrowserContext>()
  beforeAll(async () => {
    // This worker's lane (global-setup.ts): VITEST_POOL_ID is 1 to maxWorkers, one file at a time each.
    const lane = (Number(process.env.VITEST_POOL_ID) || 1) - 1
    const pick = (lanes: string[]) => lanes[lane % lanes.length] as string
    workerBrowser ??= launchBrowser()
    product.browser = withTestDefaults(await workerBrowser, boots, contexts)
    const [first, second] = options.processes === 2 ? inject('e2eProcessUrls') : []
    if (Object.keys(env).length > 0) {
      own = await startServer(env, { from: inject('e2eSeededDataDir') })
      product.server = own
      product.admin = { ...ADMIN, id: 1 }
    } else {
      product.server = { url: first ?? pick(inject('e2eServerUrls')) }
      product.admin = await freshAdmin(product.server.url)
    }
    product.other = second ? { url: second } : product.server
  })
  afterAll(async () => {
    // The contexts this file left open go; the worker's browser stays for its next file.
    await Promise.all([...contexts].map((context) => context.close()))
    await own?.stop()
    countBoots(boots.count)
  })
  return product
}

/**
 * Contexts ask for reduced motion unless told otherwise (`reducedMotion: 'no-preference'`): the app then draws
 * without animations (base/use-reduced-motion.ts), so steps need not wait for menus and pickers to slide in.
 * Chromium's own `--force-prefers-reduced-motion` does not reach pages playwright drives, hence the option.
 * Each page's requests are counted from its opening, for `settled` to wait on all of them. A step waits up to a
 * minute (scaled, test/support/time.ts), not playwright's 30 s: on a host of this kind at half speed, beside the API suites, the API reference
 * (Swagger UI drawing the whole document) took longer; a test's own limit is two.
 */
function withTestDefaults(
  browser: Browser,
  boots: { count: number },
  contexts: Set<BrowserContext>,
): Product['browser'] {
  return {
    newContext: async (options = {}) => {
      const context = await browser.newContext({ reducedMotion: 'reduce', ...options })
      contexts.add(context)
      context.on('close', () => contexts.delete(context))
      context.on('page', (page) => {
        trackRequests(page)
        // A document loaded into a tab: the app (or a page of the server's) started from nothing. Moving between
        // screens changes the address's hash only and loads nothing.
        page.on('request', (request) => {
          if (request.isNavigationRequest() && request.frame() === page.mainFrame()) boots.count++
        })
      })
      context.setDefaultTimeout(scaled(60_000))
      return context
    },
  }
}

/**
 * Adds a file's page loads to the run's count (E2E_BOOTS names the file; `npm test` prints the sum): each is a
 * start of the app in Chromium, the browser suite's largest cost.
 */
function countBoots(count: number) {
  const file = process.env.E2E_BOOTS
  if (file) appendFileSync(file, `${basename(expect.getState().testPath ?? 'unknown')} ${count}\n`)
}

/** The two languages of the app. */
export type Language = 'en' | 'zh-cn'

/** Both languages as an admin reaches them: zh-cn as a first visit has it (no cookie), en by the language cookie. */
export const bothLanguages = [
  { language: 'zh-cn', cookie: undefined },
  { language: 'en', cookie: 'en' },
] as const satisfies readonly { language: Language; cookie?: string }[]

/** A browser context in a language (the language cookie the app keeps), not yet logged in. */
async function languageContext({ server, browser }: Product, language: Language): Promise<BrowserContext> {
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
  const login = `${product.server.url}/#/login`
  // Chromium may never report a navigation to the URL a page already shows (a hash route after logout):
  // goto would wait for it to the timeout.
  if (!page.url().startsWith(login)) await page.goto(login)
  await page.getByLabel(zh ? '用户名' : 'Username').fill(credentials.username)
  await page.getByLabel(zh ? '密码' : 'Password').fill(credentials.password)
  await page.getByRole('button', { name: zh ? '登录' : 'Login' }).click()
}

/**
 * The file admin's API token, one login per product: every login is an argon2 verification on the server
 * (two passes over 19 MiB), and the suite's setup calls run by the hundred.
 */
const tokens = new WeakMap<Product, Promise<string>>()

/** Calls the API as the file's admin, to set things up or to check what the screens did. */
export async function asAdmin<T>(
  product: Product,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const url = product.server.url
  const kept = tokens.get(product)
  const token = kept ?? login(url, product.admin)
  if (!kept) {
    tokens.set(product, token)
    // A failed login is not kept: the next call logs in again.
    token.catch(() => tokens.delete(product))
  }
  try {
    return await api<T>(url, path, { ...init, token: await token })
  } catch (error) {
    // A kept token that no longer holds (a test signed the admin out everywhere, or changed its password):
    // log in again and ask once more. Any other failure, or a 401 on a fresh login, is the answer.
    if (!(kept && error instanceof ApiError && error.status === 401)) throw error
    if (tokens.get(product) === kept) tokens.delete(product)
    return asAdmin(product, path, init)
  }
}

/** `bypassCSP` for tests that inject scripts (axe); `timezoneId` for a reader in another zone than the host's. */
interface ContextOptions {
  bypassCSP?: boolean
  timezoneId?: string
}

/**
 * A browser context logged in as `credentials` through the API, its token in the cookie the app reads (a
 * session of the context's own: signing out in it ends no other), at 1440 px, in the language of `cookie`
 * (zh-cn, the default, when none): the login form and the dashboard it lands on are skipped where they are not
 * what a test is about. `bypassCSP` for tests that inject scripts (axe).
 */
async function sessionContext(
  { browser, server }: Product,
  credentials: Credentials,
  cookie: string | undefined,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, viewport: { width: 1440, height: 900 } })
  if (cookie) await context.addCookies([{ name: 'language', value: cookie, url: server.url }])
  const token = await login(server.url, credentials)
  await context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }])
  return context
}

/** A browser context logged in as the file's admin (sessionContext), in the language of `cookie`. */
export const loggedInContext = (product: Product, cookie?: string, options: ContextOptions = {}) =>
  sessionContext(product, product.admin, cookie, options)

/**
 * A browser context logged in as another admin than the file's (one with a narrower role made in the test),
 * in `language` as a form login in it leaves the app: English by the language cookie, Chinese with none.
 */
export const contextAs = (product: Product, credentials: Credentials, language: Language = 'en') =>
  sessionContext(product, credentials, language === 'en' ? 'en' : undefined)
