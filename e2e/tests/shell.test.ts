import type { BrowserContext, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { readableColor } from '../../web/src/base/readable-color.ts'
import { SECRET_PHRASE } from '../../web/src/shell/easter-egg/secret-phrase.ts'
import { asAdmin, useProduct } from '../support/product.ts'
import { dragKey, nextFrame } from '../support/waits.ts'

const product = useProduct()

const hash = (page: Page) => new URL(page.url()).hash

async function logIn(context: BrowserContext, password = product.admin.password): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${product.server.url}/#/login`)
  // zh-cn is the default language.
  await page.getByLabel('用户名').fill(product.admin.username)
  await page.getByLabel('密码').fill(password)
  await page.getByRole('button', { name: '登录' }).click()
  await page.waitForURL(/#\/dashboard$/)
  await page.getByTestId('view-tab').first().waitFor()
  return page
}

/** The tabs' paths, in the order shown. */
const tabPaths = (page: Page) =>
  page.getByTestId('view-tab').evaluateAll((items) => items.map((item) => item.getAttribute('data-path')))

const activeTab = (page: Page) =>
  page.locator('[data-testid="view-tab"][data-active="true"]').getAttribute('data-path')

/** Waits until no tab context menu is on screen (they fade out), so the next one is the only one. */
const menuGone = (page: Page) => expect.poll(() => page.locator('.tabs-bar-menu:visible').count()).toBe(0)

const tab = (page: Page, path: string) => page.locator(`[data-testid="view-tab"][data-path="${path}"]`)

async function firstTagId(): Promise<number> {
  const body = await asAdmin<{ data: { id: number }[] }>(product, '/api/tags?sort=id&per_page=1')
  return body.data[0]?.id as number
}

/** A computed style property of an element in the page (the root tsconfig has no DOM types, hence the plain reach). */
const styleOf = (locator: Locator, property: string) =>
  locator.evaluate(
    (element, name) =>
      element.ownerDocument.defaultView?.getComputedStyle(element).getPropertyValue(name) ?? '',
    property,
  )
/** Notes, from now on, every antd motion class (`…-enter`, `…-appear`) an element takes, in `window.motionSeen`. */
const MOTION_WATCH = `
  window.motionSeen = []
  new MutationObserver((changes) => {
    for (const change of changes) {
      const added = [...change.addedNodes].flatMap((node) => (node.querySelectorAll ? [node, ...node.querySelectorAll('*')] : []))
      for (const element of [change.target, ...added]) {
        const names = element.classList ? [...element.classList] : []
        window.motionSeen.push(...names.filter((name) => /-(enter|appear)$/.test(name)))
      }
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true })
`

/**
 * Opens the profile from the user menu. On a loaded machine a click can land while the dropdown is still
 * opening and be lost, so the menu is opened again (up to three times) until the profile shows.
 */
async function openProfileFromUserMenu(page: Page) {
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId('user-menu').click()
    await page.getByTestId('profile-link').click()
    try {
      await page.waitForURL(/#\/profile\/index$/, { timeout: scaled(10_000) })
      return
    } catch (error) {
      if (attempt === 3) throw error
    }
  }
}

const scrollY = (page: Page) => page.evaluate<number>('window.scrollY')

const background = (page: Page, testId: string) => styleOf(page.getByTestId(testId), 'background-color')

describe('the shell, end to end in Chromium', () => {
  it('keeps a tab per visited page, keeps their state, refreshes, closes others and survives a reload', async () => {
    const context = await product.browser.newContext({ viewport: { width: 1280, height: 720 } })
    const page = await logIn(context)
    const tagId = await firstTagId()

    // Five screens: the dashboard (affixed), the tags list (twice, with another query), the create and
    // edit forms, and the profile.
    await page.getByRole('menuitem', { name: '标签', exact: true }).click()
    await page.waitForURL(/#\/tags$/)
    await page.getByTestId('tags-table').waitFor()
    await page.getByTestId('tags-create').click()
    await page.waitForURL(/#\/tags\/create$/)
    await page.goto(`${product.server.url}/#/tags/edit/${tagId}`)
    await expect.poll(() => page.getByRole('textbox', { name: '名称' }).inputValue()).not.toBe('')
    await page.goto(`${product.server.url}/#/tags?page=2`)
    await openProfileFromUserMenu(page)
    await expect
      .poll(() => tabPaths(page))
      .toEqual(['/dashboard', '/tags', '/tags/create', `/tags/edit/${tagId}`, '/profile/index'])
    // The same path with another query is the same tab, which now leads to the new query.
    await tab(page, '/tags').getByRole('link').click()
    await page.waitForURL(/#\/tags\?page=2$/)
    await expect.poll(() => activeTab(page)).toBe('/tags')

    // The create form keeps what was typed while another tab is shown.
    await tab(page, '/tags/create').getByRole('link').click()
    const name = page.getByRole('textbox', { name: '名称' })
    await name.fill('Typed, not saved')
    await tab(page, '/dashboard').getByRole('link').click()
    await page.waitForURL(/#\/dashboard$/)
    await tab(page, '/tags/create').getByRole('link').click()
    await page.waitForURL(/#\/tags\/create$/)
    expect(await name.inputValue()).toBe('Typed, not saved')

    // So does the list's scroll position.
    await tab(page, '/tags').getByRole('link').click()
    await page.getByTestId('tags-table').locator('tbody tr.ant-table-row').first().waitFor()
    await page.evaluate('window.scrollTo(0, 120)')
    await expect.poll(() => scrollY(page)).toBe(120)
    // (The sidebar stays in view while the page scrolls; the tab bar scrolls away with the page.)
    await page.getByRole('menuitem', { name: '首页' }).click()
    await page.waitForURL(/#\/dashboard$/)
    await expect.poll(() => scrollY(page)).toBe(0)
    await page.goBack()
    await page.waitForURL(/#\/tags\?page=2$/)
    await expect.poll(() => scrollY(page)).toBe(120)

    // Refresh from the context menu: it holds unsaved input, so it asks first; then the kept form is dropped
    // and the page entered anew.
    await tab(page, '/tags/create').getByRole('link').click()
    await tab(page, '/tags/create').click({ button: 'right' })
    await page.getByRole('menuitem', { name: '刷新' }).click()
    await page.locator('[data-testid="discard-confirm"]:visible').click()
    await page.waitForURL(/#\/tags\/create$/)
    await menuGone(page)
    await expect.poll(() => name.inputValue()).toBe('')

    // Middle-click closes a tab; the dashboard has no close button and no Close item.
    await tab(page, '/profile/index').click({ button: 'middle' })
    await expect.poll(() => tabPaths(page)).not.toContain('/profile/index')
    expect(await tab(page, '/dashboard').getByRole('button').count()).toBe(0)
    await tab(page, '/dashboard').click({ button: 'right' })
    await page.getByRole('menuitem', { name: '关闭其它' }).waitFor()
    expect(await page.getByRole('menuitem', { name: '关闭', exact: true }).count()).toBe(0)
    await page.keyboard.press('Escape')
    await menuGone(page)

    // Reorder by keyboard: Space picks the focused tab up, an arrow moves it, Space drops it; each step is
    // announced once taken.
    await tab(page, '/tags').getByRole('link').focus()
    await dragKey(page, 'Space', /位于/)
    await dragKey(page, 'ArrowRight', /位于/)
    await dragKey(page, 'Space', /已放到/)
    await expect
      .poll(() => tabPaths(page))
      .toEqual(['/dashboard', '/tags/create', '/tags', `/tags/edit/${tagId}`])

    // Close others: the affixed dashboard and the chosen tab remain, and the chosen tab is shown.
    await tab(page, `/tags/edit/${tagId}`).click({ button: 'right' })
    await page.getByRole('menuitem', { name: '关闭其它' }).click()
    await page.waitForURL(new RegExp(`#/tags/edit/${tagId}$`))
    await menuGone(page)
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', `/tags/edit/${tagId}`])

    // A reload keeps the tabs (sessionStorage); the page comes back where it was.
    await tab(page, '/tags/create').waitFor({ state: 'detached' })
    await page.getByRole('menuitem', { name: '标签', exact: true }).click()
    await page.waitForURL(/#\/tags$/)
    const before = ['/dashboard', `/tags/edit/${tagId}`, '/tags']
    await expect.poll(() => tabPaths(page)).toEqual(before)
    await page.reload()
    await page.getByTestId('tags-table').waitFor()
    await expect.poll(() => tabPaths(page)).toEqual(before)
    await expect.poll(() => activeTab(page)).toBe('/tags')

    // Closing the active tab goes to the last tab left.
    await tab(page, '/tags').getByRole('button').click()
    await page.waitForURL(new RegExp(`#/tags/edit/${tagId}$`))

    // By keyboard: Shift+F10 opens the context menu, Escape gives the focus back, Delete closes the tab.
    const editLink = tab(page, `/tags/edit/${tagId}`).getByRole('link')
    await editLink.focus()
    await page.keyboard.press('Shift+F10')
    await page.getByRole('menuitem', { name: '关闭其它' }).waitFor()
    await page.keyboard.press('Escape')
    await expect
      .poll(() => editLink.evaluate((element) => element === element.ownerDocument.activeElement))
      .toBe(true)
    await page.keyboard.press('Delete')
    await page.waitForURL(/#\/dashboard$/)
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard'])
    await context.close()
  })

  it('recolours everything from the settings drawer, and keeps the choice across a reload', async () => {
    // Each colour is drawn in its shade that reads at 4.5:1 (base/readable-color.ts).
    const drawn = (hex: string, on = '#f5f5f5') => {
      const shade = readableColor(hex, on)
      return `rgb(${[1, 3, 5].map((at) => Number.parseInt(shade.slice(at, at + 2), 16)).join(', ')})`
    }
    const context = await product.browser.newContext({ viewport: { width: 1280, height: 720 } })
    const page = await logIn(context)
    await page.getByRole('menuitem', { name: '标签', exact: true }).click()
    await page.getByTestId('tags-create').waitFor()
    const before = await background(page, 'tags-create')
    expect(before).toBe(drawn('#1890ff'))

    await page.getByTestId('settings-button').click()
    await page.getByRole('button', { name: '主题色 #f5222d' }).click()
    await expect.poll(() => background(page, 'tags-create')).toBe(drawn('#f5222d'))
    await expect.poll(() => background(page, 'settings-button')).toBe(drawn('#f5222d'))
    // The tabs bar off and back on; the sidebar logo off.
    await page.getByRole('switch', { name: '显示标签页' }).click()
    await page.getByTestId('tabs-bar').waitFor({ state: 'detached' })
    await page.getByRole('switch', { name: '显示标签页' }).click()
    await page.getByRole('switch', { name: '侧边栏 Logo' }).click()
    await page.getByTestId('sidebar-logo').waitFor({ state: 'detached' })
    // Fixed header: the navbar and tabs stay at the top while the page scrolls.
    expect(await styleOf(page.getByTestId('shell-header'), 'position')).toBe('static')
    await page.getByRole('switch', { name: '固定顶栏' }).click()
    await expect.poll(() => styleOf(page.getByTestId('shell-header'), 'position')).toBe('sticky')
    // Sidebar text theme: the active menu entry in #57CAEB instead of #435ebe (spec section 9), in its readable shade.
    const activeMenu = page.locator('.ant-menu-item-selected')
    expect(await styleOf(activeMenu, 'color')).toBe('rgb(67, 94, 190)')
    await page.getByRole('switch', { name: '侧边栏文字主题色' }).click()
    await expect.poll(() => styleOf(activeMenu, 'color')).toBe(drawn('#57CAEB', '#eef1fb'))
    await page.keyboard.press('Escape')

    await page.reload()
    await page.getByTestId('tags-create').waitFor()
    expect(await background(page, 'tags-create')).toBe(drawn('#f5222d'))
    expect(await page.getByTestId('sidebar-logo').count()).toBe(0)
    await page.getByTestId('tabs-bar').waitFor()
    expect(await styleOf(page.getByTestId('shell-header'), 'position')).toBe('sticky')
    await context.close()
  })

  it('animates only while the system allows motion, and follows the setting when it changes', async () => {
    // Test contexts ask for reduced motion (support/product.ts); this one asks for motion. antd itself drops
    // CSS transitions then; the app's part is its scripted motion (drawers, menus), seen in motion classes.
    const context = await product.browser.newContext({ reducedMotion: 'no-preference' })
    const page = await logIn(context)
    const drawer = page.getByTestId('settings-drawer')
    const classesWhileOpening = async () => {
      await page.evaluate(MOTION_WATCH)
      await page.getByTestId('settings-button').click()
      await drawer.waitFor()
      const seen = (await page.evaluate('window.motionSeen')) as string[]
      await page.keyboard.press('Escape')
      await drawer.waitFor({ state: 'hidden' })
      return seen
    }
    expect(await classesWhileOpening()).not.toEqual([])

    await page.emulateMedia({ reducedMotion: 'reduce' })
    expect(await classesWhileOpening()).toEqual([])
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    expect(await classesWhileOpening()).not.toEqual([])
    await context.close()
  })

  it('shows short messages without motion when the system asks for less', async () => {
    // antd's messages live outside the app's tree; a context that allows motion is the control.
    const messageMotion = async (reducedMotion: 'reduce' | 'no-preference') => {
      const context = await product.browser.newContext({ reducedMotion })
      const page = await logIn(context)
      await page.evaluate(MOTION_WATCH)
      await page.getByTestId('size-select').click()
      await page.getByTestId('size-small').click()
      await page.locator('.ant-message-notice').waitFor()
      const seen = (await page.evaluate('window.motionSeen')) as string[]
      await context.close()
      return seen.filter((name) => name.startsWith('ant-message'))
    }
    expect(await messageMotion('no-preference')).not.toEqual([])
    expect(await messageMotion('reduce')).toEqual([])
  })

  it('turns the sidebar into a drawer below 992 px that closes after navigating', async () => {
    const context = await product.browser.newContext({ viewport: { width: 1280, height: 720 } })
    const page = await logIn(context)
    const sidebar = page.getByTestId('sidebar')
    expect(await sidebar.getAttribute('data-open')).toBe('true')

    await page.setViewportSize({ width: 800, height: 720 })
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('false')
    await expect.poll(() => sidebar.evaluate((element) => element.getBoundingClientRect().width)).toBe(0)

    await page.getByTestId('hamburger').click()
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('true')
    expect(await styleOf(sidebar, 'position')).toBe('fixed')
    await page.locator('.shell-backdrop').waitFor()
    await page.getByRole('menuitem', { name: '标签', exact: true }).click()
    await page.waitForURL(/#\/tags$/)
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('false')
    await page.locator('.shell-backdrop').waitFor({ state: 'detached' })
    await context.close()
  })

  it('searches the menu by keyboard, sets the size, and plays the easter egg until Escape', async () => {
    const context = await product.browser.newContext({ viewport: { width: 1280, height: 720 } })
    const page = await logIn(context)

    // `/` opens the search; a fuzzy query, the arrow keys and Enter open the page.
    await page.keyboard.press('/')
    const search = page.getByRole('combobox', { name: '搜索页面和记录' })
    await expect
      .poll(() => search.evaluate((element) => element === element.ownerDocument.activeElement))
      .toBe(true)
    await search.pressSequentially('标')
    await page.getByTestId('search-option').first().waitFor()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('Enter')
    await page.waitForURL(/#\/tags$/)

    // Size: large makes antd's controls taller, and stays after a reload.
    const height = () =>
      page.getByTestId('tags-create').evaluate((element) => element.getBoundingClientRect().height)
    const middle = await height()
    await page.getByTestId('size-select').click()
    await page.getByTestId('size-large').click()
    await expect.poll(height).toBeGreaterThan(middle)
    await page.reload()
    await page.getByTestId('tags-create').waitFor()
    expect(await height()).toBeGreaterThan(middle)

    // The secret phrase typed on the page (not in a field) starts the particles; Escape ends them.
    await page.evaluate('document.activeElement?.blur()')
    await page.keyboard.type(SECRET_PHRASE)
    const canvas = page.getByTestId('easter-egg')
    await canvas.waitFor()
    expect(await styleOf(canvas, 'pointer-events')).toBe('none')
    await page.keyboard.press('Escape')
    await canvas.waitFor({ state: 'detached' })

    // Typed into a field, it does nothing.
    await page.getByTestId('tags-keyword').fill('')
    await page.getByTestId('tags-keyword').pressSequentially(SECRET_PHRASE)
    await nextFrame(page)
    expect(await canvas.count()).toBe(0)
    await context.close()
  })

  it('edits the own profile and password; the new password logs in', async () => {
    const context = await product.browser.newContext({ viewport: { width: 1280, height: 720 } })
    const page = await logIn(context)
    await openProfileFromUserMenu(page)

    await page.getByTestId('profile-name').fill('Grace Hopper')
    await page.getByTestId('profile-avatar').fill(`${product.server.url}/grace.png`)
    await page.getByTestId('profile-save').click()
    await page.getByText('个人资料已保存').waitFor()
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe('Grace Hopper')
    await page.reload()
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe('Grace Hopper')

    // A wrong current password is refused under its field.
    await page.getByTestId('current-password').fill('not-my-passw0rd')
    await page.getByTestId('new-password').fill('n3w-passw0rd')
    await page.getByTestId('confirm-password').fill('n3w-passw0rd')
    await page.getByTestId('password-save').click()
    await page.getByText('当前密码不正确。').waitFor()

    await page.getByTestId('current-password').fill(product.admin.password)
    await page.getByTestId('password-save').click()
    await page.getByText('密码已修改').waitFor()
    // This session stays.
    await page.reload()
    await page.getByTestId('user-name').waitFor()
    expect(hash(page)).toBe('#/profile/index')

    await page.getByTestId('user-menu').click()
    await page.getByTestId('logout').click()
    await page.waitForURL(/#\/login/)
    await logIn(context, 'n3w-passw0rd')
    await context.close()
  })
})
