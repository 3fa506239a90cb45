import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { axeChecks } from '../support/axe.ts'
import { bothLanguages, type Language, loggedInContext, useProduct } from '../support/product.ts'
import { type AppRoute, openablePath, routed } from '../support/routes.ts'
import { namingFaults } from '../support/vocabulary.ts'
import { settled } from '../support/waits.ts'

/**
 * Every screen of the route table, on demo data, in both languages, walked once for two checks:
 * - names (issue 36 item 1), in both languages: no translation key shown as text, no English string of the
 *   product in zh-cn (its own or antd's, screen readers' labels included), no wire code where its label
 *   belongs, no raw HTML, no bare id where a field names a record;
 * - accessibility (axe-core, WCAG 2 A and AA): no serious or critical violation, on every screen at 1280 and
 *   at 390 px, one language at each width, the two taking turns along the route table (so both languages are
 *   checked at both widths, on lists, forms and detail screens alike).
 * A screen's rendering is most of what either check costs: walked apart, each walk took about 100 s of
 * Chromium's CPU. The dialogs, menus and theme colours are in accessibility.test.ts, more named screens in
 * names.test.ts. A test a screen, so a slow machine stretches no single test and the report names the screen.
 */
const product = useProduct()
const accessible = axeChecks()

/** Each language's page in the running app, as the menu goes: booting the app for each screen cost more than most checks. */
const shells = new Map<Language, Page>()
/** The widths every screen is checked at: a desk's, and a phone's (where the sidebar is a drawer). */
const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const
type Width = (typeof widths)[number]

/** The screen each shell showed last. */
const previous = new Map<Page, string>()

afterAll(async () => {
  for (const page of shells.values()) await page.context().close()
})

/**
 * Opens the route at `path` in the language's shell (a public screen on a page of its own), `size` wide, and
 * answers what is wrong there: its names, and what axe finds.
 */
async function faultsOn(language: Language, route: AppRoute, path: string, size: Width) {
  const shell = shells.get(language)
  if (!shell) return [`${language}: no shell, its test failed`]
  const found: string[] = []
  const where = `${language} ${path} at ${size.width} px`
  const check = async (page: Page, within: string, resource?: string) => {
    await settled(page)
    found.push(...(await namingFaults(page, within, language, path, resource)))
    found.push(await accessible(page, where, within === 'body' ? {} : { within }))
  }
  if (route.meta?.public) {
    // Outside the shell: on a page of its own, so the shell stays in the shell.
    const page = await shell.context().newPage()
    await page.setViewportSize(size)
    await page.goto(`${product.server.url}/#${path}`)
    await check(page, 'body')
    await page.close()
    return found
  }
  if (shell.viewportSize()?.width !== size.width) await shell.setViewportSize(size)
  await shell.evaluate(`location.hash = ${JSON.stringify(`#${path}`)}`)
  const within = `.shell-view[data-view="${path}"]`
  const opened = await shell
    .locator(within)
    .waitFor({ timeout: scaled(60_000) })
    .then(() => true)
    .catch(() => false)
  if (!opened) {
    const asked = await shell.evaluate('document.body.innerText.slice(0, 300)')
    return [`${where}: the screen did not open (the page read "${asked}")`]
  }
  // The screen before is closed: the shell keeps each screen it showed (up to 99), and axe and the names read
  // what the page holds, so with them kept each check took longer than the one before (axe: 0.3 s at first,
  // 3-4 s after 50 screens). Affixed tabs (the dashboard) have no close button and stay.
  const before = previous.get(shell)
  if (before && before !== path) {
    // Clicked in the page: one call where a locator's click takes several (found, checked, scrolled, clicked).
    const close = `[data-testid="view-tab"][data-path="${before}"] .tabs-bar-close`
    await shell.evaluate(`document.querySelector(${JSON.stringify(close)})?.click()`)
  }
  previous.set(shell, path)
  await check(shell, within, route.meta?.resource)
  return found
}

describe('every screen of the route table, in both languages: named as people do, and accessible', () => {
  for (const { language, cookie } of bothLanguages) {
    it(`${language}: the login screen as a stranger sees it`, async () => {
      const stranger = await product.browser.newContext({ bypassCSP: true })
      if (cookie) await stranger.addCookies([{ name: 'language', value: cookie, url: product.server.url }])
      const page = await stranger.newPage()
      await page.goto(`${product.server.url}/#/login`)
      await page.locator('form').waitFor()
      const failure = await accessible(page, `${language} /login (logged out)`)
      await stranger.close()
      expect(failure).toBe('')
    })
    it(`${language}: the shell whole, on /dashboard`, async () => {
      const page = await (await loggedInContext(product, cookie, { bypassCSP: true })).newPage()
      shells.set(language, page)
      await page.goto(`${product.server.url}/#/dashboard`)
      await page.locator('.shell-view').first().waitFor()
      const failure = await accessible(page, `${language} the shell, on /dashboard`)
      const names = await namingFaults(page, 'body', language, 'the shell')
      expect([failure, ...names].filter(Boolean).join('\n')).toBe('')
    })
  }

  routed.forEach((route, n) => {
    it(route.path, async () => {
      const path = await openablePath(product, route)
      // Both languages at once, each in its own shell and at one of the widths, taking turns.
      const found = await Promise.all(
        bothLanguages.map(({ language }, turn) =>
          faultsOn(language, route, path, widths[(turn + n) % widths.length] as Width),
        ),
      )
      expect(found.flat().filter(Boolean).join('\n')).toBe('')
    })
  })
})
