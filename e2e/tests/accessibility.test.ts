import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { themePresets } from '../../web/src/stores/settings.ts'
import { type AxeScope, axeViolations, blocking, describeViolations, type Violation } from '../support/axe.ts'
import { loggedInContext, useProduct } from '../support/product.ts'
import { openablePath, routed } from '../support/routes.ts'
import { settled } from '../support/waits.ts'

const product = useProduct()

/** Every violation seen, by where: printed at the end as the measurement, whatever the outcome. */
const seen: { where: string; violations: Violation[] }[] = []

afterAll(() => {
  const kinds = new Map<string, { impact: string | null; nodes: number; screens: number }>()
  for (const { violations } of seen)
    for (const v of violations) {
      const kind = kinds.get(v.id) ?? { impact: v.impact, nodes: 0, screens: 0 }
      kind.nodes += v.targets.length
      kind.screens += 1
      kinds.set(v.id, kind)
    }
  const lines = [...kinds].map(([id, k]) => `  ${id} (${k.impact}): ${k.nodes} nodes on ${k.screens} screens`)
  console.log(`axe: ${seen.length} screens checked, ${kinds.size} kinds of violation\n${lines.join('\n')}`)
})

async function check(page: Page, where: string, scope?: AxeScope): Promise<string | undefined> {
  await settled(page)
  const violations = await axeViolations(page, scope)
  seen.push({ where, violations })
  const refused = blocking(violations)
  return refused.length > 0 ? describeViolations(where, refused) : undefined
}

/** The colour sweep checks three screens in each of the drawer's colours. */
const SWEEP_TIMEOUT = 360_000

const languages = [
  { language: 'zh-cn', cookie: undefined },
  { language: 'en', cookie: 'en' },
] as const

describe('accessibility (axe-core, WCAG 2 A and AA): no serious or critical violation', () => {
  // Each screen once, the two languages taking turns along the route table: both see lists, forms and
  // detail screens, and the sweep costs one pass. A test a screen, so a slow machine stretches no single
  // test's time and the report names the screen that failed.
  describe('every screen of the route table, the languages taking turns', () => {
    /** Each language's page in the running app, as the menu goes: booting the app for each screen cost more than most checks. */
    const shells = new Map<string, Page>()
    /** The screen each shell showed last. */
    const previous = new Map<Page, string>()
    afterAll(async () => {
      for (const page of shells.values()) await page.context().close()
    })

    for (const { language, cookie } of languages) {
      it(`${language}: the login screen as a stranger sees it`, async () => {
        const stranger = await product.browser.newContext({ bypassCSP: true })
        if (cookie) await stranger.addCookies([{ name: 'language', value: cookie, url: product.server.url }])
        const page = await stranger.newPage()
        await page.goto(`${product.server.url}/#/login`)
        await page.locator('form').waitFor()
        const failure = await check(page, `${language} /login (logged out)`)
        await stranger.close()
        expect(failure ?? '').toBe('')
      })
      it(`${language}: the shell whole, on /dashboard`, async () => {
        const page = await (await loggedInContext(product, cookie, { bypassCSP: true })).newPage()
        shells.set(language, page)
        await page.goto(`${product.server.url}/#/dashboard`)
        expect((await check(page, `${language} the shell, on /dashboard`)) ?? '').toBe('')
      })
    }

    routed.forEach((route, n) => {
      const language = languages[n % languages.length]?.language ?? 'en'
      it(`${language} ${route.path}`, async () => {
        const shell = shells.get(language)
        if (!shell) throw new Error(`no ${language} shell: its test failed`)
        const path = await openablePath(product, route)
        if (route.meta?.public) {
          // Outside the shell: on a page of its own, so the shell stays in the shell.
          const page = await shell.context().newPage()
          await page.goto(`${product.server.url}/#${path}`)
          const failure = await check(page, `${language} ${path}`)
          await page.close()
          expect(failure ?? '').toBe('')
          return
        }
        await shell.evaluate(`location.hash = ${JSON.stringify(`#${path}`)}`)
        const within = `.shell-view[data-view="${path}"]`
        await shell.locator(within).waitFor()
        // The screen before is closed: the shell keeps each screen it showed (up to 99) and axe reads the
        // whole document, so with them kept each check took longer than the one before (0.3 s at first,
        // 3-4 s after 50 screens). Affixed tabs (the dashboard) have no close button and stay.
        const before = previous.get(shell)
        if (before && before !== path) {
          const close = shell.locator(`[data-testid="view-tab"][data-path="${before}"] .tabs-bar-close`)
          if ((await close.count()) > 0) await close.click()
        }
        previous.set(shell, path)
        // The screen on show only: the shell was checked above, its menus and drawer and every colour below.
        expect((await check(shell, `${language} ${path}`, { within })) ?? '').toBe('')
      })
    })
  })

  it('dialogs and menus: delete confirmation, settings drawer, user menu', async () => {
    const failures: string[] = []
    const context = await loggedInContext(product, 'en', { bypassCSP: true })
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/tags`)
    await page.getByTestId('tags-table').waitFor()
    await settled(page)
    await page.locator('[data-testid^="delete-"]').first().click()
    await page.getByTestId('delete-confirm').waitFor()
    failures.push((await check(page, 'delete confirmation')) ?? '')
    await page.keyboard.press('Escape')

    await page.getByTestId('settings-button').click()
    await page.getByTestId('settings-drawer').waitFor()
    failures.push((await check(page, 'settings drawer')) ?? '')
    await page.keyboard.press('Escape')

    await page.getByTestId('user-menu').click()
    await page.getByTestId('logout').waitFor()
    failures.push((await check(page, 'user menu')) ?? '')
    await context.close()
    expect(failures.filter(Boolean).join('\n')).toBe('')
  })

  it(
    'every theme colour and sidebar text colour the settings drawer offers: dashboard, a list, a form',
    async () => {
      const failures: string[] = []
      const context = await loggedInContext(product, 'en', { bypassCSP: true })
      const page = await context.newPage()
      await page.goto(`${product.server.url}/#/dashboard`)
      for (const [n, color] of themePresets.entries()) {
        await page.getByTestId('settings-button').click()
        await page.getByTestId(`theme-${color}`).click()
        // Half the colours with the sidebar's other text colour (the drawer's "sidebar text theme").
        const textTheme = page.getByTestId('setting-sidebarTextTheme')
        if ((await textTheme.getAttribute('aria-checked')) !== String(n % 2 === 1)) await textTheme.click()
        await page.keyboard.press('Escape')
        await page.getByTestId('settings-drawer').waitFor({ state: 'hidden' })
        // Only colours changed: contrast is what there is to check.
        for (const path of ['/dashboard', '/tags', '/tags/create']) {
          await page.goto(`${product.server.url}/#${path}`)
          failures.push((await check(page, `theme ${color} ${path}`, { rules: ['color-contrast'] })) ?? '')
        }
      }
      await context.close()
      expect(failures.filter(Boolean).join('\n')).toBe('')
    },
    SWEEP_TIMEOUT,
  )
})
