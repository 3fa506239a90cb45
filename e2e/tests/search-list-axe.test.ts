import { describe, expect, it } from 'vitest'
import { axeChecks } from '../support/axe.ts'
import { bothLanguages, loggedInContext, useProduct } from '../support/product.ts'
import { shows } from '../support/waits.ts'

const product = useProduct()
const accessible = axeChecks()

/**
 * The kinds' titles the open list shows for "member": in English the menu's pages it matches, then the
 * members it finds; the Chinese menu has no page of that name, so the members alone.
 */
const titles = { en: ['Pages', 'Members'], 'zh-cn': ['会员'] } as const

/**
 * Issue 68 item 9: axe found 2 critical `aria-allowed-attr` in the open header search (antd's option groups
 * gave a group's title `aria-selected` in the list screen readers read). With the list open on pages and
 * records, axe finds nothing serious, in both languages, at 1280 and 390 px; the options read by name.
 */
describe('the open header search list, to axe', () => {
  for (const { language, cookie } of bothLanguages)
    for (const width of [1280, 390])
      it(`has no serious violation in ${language} at ${width} px`, async () => {
        const context = await loggedInContext(product, cookie, { bypassCSP: true })
        const page = await context.newPage()
        await page.setViewportSize({ width, height: 900 })
        await page.goto(`${product.server.url}/#/profile/index`)
        await shows(page.getByTestId('header-search'), 'the header search')
        await page.getByTestId('header-search').click()
        // The field takes the focus as it opens; typed before that, the text would go nowhere.
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.closest('.header-search-field') != null))
          .toBe(true)
        await page.keyboard.type('member')
        // Both kinds' titles among the results: pages found at once, the members once the search answers.
        for (const title of titles[language])
          await shows(page.getByTestId('search-kind').filter({ hasText: title }), `the ${title} title`)
        expect(await accessible(page, `${language} ${width} px, search open`)).toBe('')
        // What screen readers read names each option, never its address.
        const named = await page
          .locator('[role="listbox"] [role="option"]')
          .evaluateAll((options) => options.map((option) => option.getAttribute('aria-label') ?? ''))
        expect(named.length).toBeGreaterThan(0)
        for (const name of named) expect(name).not.toMatch(/^\/|^$/)
        await context.close()
      })
})
