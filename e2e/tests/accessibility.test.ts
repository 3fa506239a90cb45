import { describe, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { themePresets } from '../../web/src/stores/settings.ts'
import { axeChecks } from '../support/axe.ts'
import { loggedInContext, useProduct } from '../support/product.ts'
import { settled } from '../support/waits.ts'

/**
 * Accessibility (axe-core, WCAG 2 A and AA) where the walk of every screen (every-screen.test.ts) does not go:
 * the dialogs and menus, and each theme colour the settings drawer offers.
 */
const product = useProduct()
const check = axeChecks()

/** The colour sweep checks three screens in each of the drawer's colours. */
const SWEEP_TIMEOUT = scaled(360_000)

describe('accessibility (axe-core, WCAG 2 A and AA): no serious or critical violation', () => {
  it('dialogs and menus: delete confirmation, settings drawer, user menu', async () => {
    const failures: string[] = []
    const context = await loggedInContext(product, 'en', { bypassCSP: true })
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/tags`)
    await page.getByTestId('tags-table').waitFor()
    await settled(page)
    await page.locator('[data-testid^="delete-"]').first().click()
    await page.getByTestId('delete-confirm').waitFor()
    failures.push(await check(page, 'delete confirmation'))
    await page.keyboard.press('Escape')

    await page.getByTestId('settings-button').click()
    await page.getByTestId('settings-drawer').waitFor()
    failures.push(await check(page, 'settings drawer'))
    await page.keyboard.press('Escape')

    await page.getByTestId('user-menu').click()
    await page.getByTestId('logout').waitFor()
    failures.push(await check(page, 'user menu'))
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
          failures.push(await check(page, `theme ${color} ${path}`, { rules: ['color-contrast'] }))
        }
      }
      await context.close()
      expect(failures.filter(Boolean).join('\n')).toBe('')
    },
    SWEEP_TIMEOUT,
  )
})
