/**
 * How soon a screen shows its first figures: the real server (built web app, `npm run build` first, demo
 * data) loaded cold in headless Chromium, five times a screen, each in a fresh browser context with an empty
 * cache. Three screens side by side:
 *  - the login form (until its password field is visible; bench/login-bundle.ts lists its files);
 *  - the dashboard, logged in (its token in the cookie), until its first figure (a live panel) is visible;
 *  - channel analytics, logged in, until its first figure (the period's totals) is visible.
 * For each it prints the median time from navigation start and the bytes sent before that moment (encoded
 * sizes as they crossed the wire, headers included, of the responses finished by then). A bench prints
 * figures; it does not judge them (the goals are named beside them).
 *
 *   npm run build && npx tsx bench/first-figures.ts
 *   FIRST_FIGURES_TRACE=1 ...   also prints the requests of the last load of each screen, in order
 *   FIRST_FIGURES_PROFILE=1 ... also prints where the main thread's time went in the last load of each screen
 */
import { loadavg } from 'node:os'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '../e2e/support/browser.ts'
import { ADMIN, startServer } from '../e2e/support/server.ts'
import { printProfile, startProfile } from './support/cpu-profile.ts'

const LOADS = Number(process.env.FIRST_FIGURES_LOADS ?? 5)
const TRACE = process.env.FIRST_FIGURES_TRACE === '1' || process.env.FIRST_FIGURES_TRACE === 'all'
const TRACE_ALL = process.env.FIRST_FIGURES_TRACE === 'all'
const PROFILE = process.env.FIRST_FIGURES_PROFILE === '1'

/** performance.now() (milliseconds since navigation start) of the first frame showing `selector`. */
const shownAt = (selector: string) => `(() => {
  const element = document.querySelector(${JSON.stringify(selector)})
  return element && element.checkVisibility() ? performance.now() : false
})()`

interface Screen {
  name: string
  path: string
  /** What has to be visible: the screen's first figure. */
  selector: string
  loggedIn: boolean
  goal: string
}

const only = process.env.FIRST_FIGURES_ONLY

const allScreens: Screen[] = [
  {
    name: 'login form',
    path: '/#/login',
    selector: 'input[name="password"]',
    loggedIn: false,
    goal: '0.3 s',
  },
  {
    name: 'dashboard, first figure',
    path: '/#/dashboard',
    selector: '.shell-view .ant-statistic-content',
    loggedIn: true,
    goal: '0.9 s',
  },
  {
    name: 'channel analytics, first figure',
    path: '/#/analytics/daily/channel',
    selector: '.shell-view .ant-statistic-content',
    loggedIn: true,
    goal: '0.9 s',
  },
]

const screens = allScreens.filter((screen) => !only || screen.name.includes(only))

interface Load {
  ms: number
  /** Encoded bytes of the responses finished before the figure showed. */
  bytes: number
  responses: number
  trace: string[]
}

async function coldLoad(page: Page, url: string, selector: string, profile = false): Promise<Load> {
  const cdp = await page.context().newCDPSession(page)
  if (profile) await startProfile(cdp)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const urls = new Map<string, string>()
  // Finished responses: the page's clock (ms since navigation start) is not CDP's, so each is dated by
  // asking the page when CDP tells of it; the few ms this adds are the same for every screen.
  const finished: { path: string; bytes: number; at: Promise<number> }[] = []
  const now = () => page.evaluate('performance.now()').then(Number, () => Number.POSITIVE_INFINITY)
  cdp.on('Network.requestWillBeSent', (event) => {
    urls.set(event.requestId, event.request.url)
  })
  cdp.on('Network.loadingFinished', (event) => {
    const url = new URL(urls.get(event.requestId) ?? 'http://unknown/')
    finished.push({ path: url.pathname + url.search, bytes: event.encodedDataLength, at: now() })
  })
  await page.goto(url, { waitUntil: 'commit' })
  const shown = await page.waitForFunction(shownAt(selector), undefined, { polling: 'raf', timeout: 60_000 })
  const ms = Number(await shown.jsonValue())
  if (profile) await printProfile(cdp)
  await page.waitForLoadState('networkidle')
  await cdp.detach()
  // The API's calls: when asked for, when sent (after waiting for a connection), when answered.
  const calls = TRACE
    ? ((await page.evaluate(`performance.getEntriesByType('resource')
        .filter((entry) => ${TRACE_ALL} || entry.name.includes('/api/'))
        .map((entry) => [entry.name, entry.startTime, entry.requestStart, entry.responseEnd])`)) as [
        string,
        number,
        number,
        number,
      ][])
    : []
  const dated = await Promise.all(finished.map(async (item) => ({ ...item, at: await item.at })))
  const before = dated.filter((item) => item.at <= ms)
  const trace = dated
    .sort((a, b) => a.at - b.at)
    .map(
      (item) =>
        `${item.at.toFixed(0).padStart(6)} ms ${item.at <= ms ? ' ' : '*'} ${(item.bytes / 1024).toFixed(1).padStart(6)} KB  ${item.path}`,
    )
  for (const [name, asked, sent, answered] of calls) {
    const url = new URL(name)
    trace.push(
      `  asked ${asked.toFixed(0)} ms, sent ${sent.toFixed(0)} ms, answered ${answered.toFixed(0)} ms: ${url.pathname}${url.search}`,
    )
  }
  return {
    ms,
    bytes: before.reduce((sum, item) => sum + item.bytes, 0),
    responses: before.length,
    trace,
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

async function measure(browser: Browser, serverUrl: string, token: string, screen: Screen) {
  const loads: Load[] = []
  for (let i = 0; i < LOADS; i++) {
    // The measuring probe is a string evaluated in the page, which the app's CSP (no eval) would refuse.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1440, height: 900 } })
    await context.addCookies([{ name: 'language', value: 'en', url: serverUrl }])
    if (screen.loggedIn) await context.addCookies([{ name: 'Admin-Token', value: token, url: serverUrl }])
    const page = await context.newPage()
    loads.push(
      await coldLoad(page, `${serverUrl}${screen.path}`, screen.selector, PROFILE && i === LOADS - 1),
    )
    await context.close()
  }
  const seconds = median(loads.map((load) => load.ms)) / 1000
  const kb = median(loads.map((load) => load.bytes)) / 1024
  const responses = median(loads.map((load) => load.responses))
  console.log(
    `${screen.name.padEnd(32)} ${seconds.toFixed(3).padStart(6)} s  ${kb.toFixed(1).padStart(6)} KB in ` +
      `${String(responses).padStart(3)} responses before it   (${loads
        .map((load) => (load.ms / 1000).toFixed(3))
        .join(', ')}; goal ${screen.goal})`,
  )
  if (TRACE) console.log((loads.at(-1) as Load).trace.join('\n'))
}

const server = await startServer({ LOG_LEVEL: 'warn' })
const browser = await launchBrowser()
try {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const { access_token: token } = (await res.json()) as { access_token: string }
  // One load of each screen first, unmeasured: the server's own first answers (plans, caches) are not the page's.
  for (const screen of screens) {
    const context = await browser.newContext()
    await context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }])
    const page = await context.newPage()
    await page.goto(`${server.url}${screen.path}`)
    await page.locator(screen.selector).first().waitFor({ timeout: 60_000 })
    await context.close()
  }
  // The machine is shared: its load beside the figures, before and after them.
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')
  console.log(`median of ${LOADS} cold loads, 1440 px, English; load average ${load()}:`)
  for (const screen of screens) await measure(browser, server.url, token, screen)
  console.log(`load average ${load()}`)
} finally {
  await browser.close()
  await server.stop()
}
