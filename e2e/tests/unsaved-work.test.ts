import { UNDO_SECONDS } from '@vod/contract/bulk'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

/**
 * Issue 36 item 4: work typed into a form is not lost without a question once the admin has moved on to
 * another screen (the form kept, hidden, in its tab), and a bulk delete's result dialog offers the undo.
 */
const product = useProduct()
const suffix = Date.now().toString(36)

/** Leaves the form for another screen through the menu, as a person does. */
async function leaveThroughMenu(page: Page, group: string, item: string, path: RegExp) {
  const sidebar = page.getByTestId('sidebar')
  const entry = sidebar.getByRole('menuitem', { name: item, exact: true })
  if (!(await entry.isVisible()))
    await sidebar.locator('.ant-menu-submenu-title', { hasText: group }).first().click()
  await entry.click()
  await page.waitForURL(path)
}

/** Whether a reload asks the browser's own question; the question is dismissed, so the page stays. */
async function reloadAsks(page: Page): Promise<void> {
  const asked: string[] = []
  page.once('dialog', (dialog) => {
    asked.push(dialog.type())
    void dialog.dismiss()
  })
  await page.evaluate(() => setTimeout(() => location.reload(), 0))
  await expect.poll(() => asked).toEqual(['beforeunload'])
}

describe('unsaved work is never lost silently (issue 36 item 4)', () => {
  it('a question typed, then another screen opened: closing its tab and a reload ask (en)', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/questions/create`)
    const question = page.getByRole('textbox', { name: 'Question' })
    await question.fill('Half-typed question')
    await leaveThroughMenu(page, 'Tags', 'Tags', /#\/tags(\?.*)?$/)

    // The form sits hidden in its tab; closing that tab from the tab bar asks.
    const ask = page.locator('.ant-modal-confirm-title', { hasText: 'Discard unsaved changes?' })
    await page.locator('[data-path="/questions/create"] .tabs-bar-close').click()
    await ask.waitFor()
    await page.locator('[data-testid="discard-cancel"]:visible').click()
    await expect.poll(() => ask.isVisible()).toBe(false)
    expect(await page.locator('[data-path="/questions/create"]').count()).toBe(1)

    // A reload asks too, from the other screen.
    await reloadAsks(page)
    expect(new URL(page.url()).hash).toMatch(/^#\/tags/)

    // What was typed is still there in its tab.
    await page.locator('[data-path="/questions/create"]').click()
    await page.waitForURL(/#\/questions\/create$/)
    expect(await question.inputValue()).toBe('Half-typed question')
    await context.close()
  })

  it('a banner typed, then another screen opened: the tab asks before it goes, and goes once told (zh-cn)', async () => {
    const context = await loggedInContext(product)
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/blocks/banners/create`)
    await page.getByRole('textbox', { name: '副标题' }).fill('写了一半的横幅')
    await leaveThroughMenu(page, '问答与客服', '常见问题', /#\/questions(\?.*)?$/)

    await reloadAsks(page)
    const ask = page.locator('.ant-modal-confirm-title', { hasText: '放弃未保存的修改？' })
    await page.locator('[data-path="/blocks/banners/create"] .tabs-bar-close').click()
    await ask.waitFor()
    await page.locator('[data-testid="discard-confirm"]:visible').click()
    await expect.poll(() => page.locator('[data-path="/blocks/banners/create"]').count()).toBe(0)
    // Discarded, nothing is left to ask about: the page reloads without a question.
    await page.reload()
    await page.getByTestId('sidebar').waitFor()
    await context.close()
  })

  it("a bulk delete's result dialog offers the undo itself, and it puts the records back (en)", async () => {
    const names = ['A', 'B', 'C'].map((letter) => `Undo ${suffix} ${letter}`)
    for (const name of names)
      await asAdmin(product, '/api/tags', { method: 'POST', body: { name, type: 'genre' } })
    const listed = async () =>
      (
        await asAdmin<{ data: { name: string }[] }>(
          product,
          `/api/tags?keyword=${encodeURIComponent(`Undo ${suffix}`)}`,
        )
      ).data.map((tag) => tag.name)
    expect((await listed()).sort()).toEqual(names)

    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/tags?keyword=${encodeURIComponent(`Undo ${suffix}`)}`)
    const table = page.locator('[data-testid="tags-table"]:visible')
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(3)
    await table.locator('thead .ant-checkbox-input').check()
    await page.getByTestId('bulk-delete').click()
    await page.locator('[data-testid="bulk-delete-confirm"]:visible').click()
    const dialog = page.locator('.ant-modal:visible', { has: page.getByTestId('bulk-results') })
    const offer = dialog.getByTestId('undo-notice')
    // No countdown in a dialog being read: the window is held while it is open (issue 58, item 6).
    await expect.poll(() => offer.textContent()).toMatch(/^Deleted 3 records\.Undo$/)
    await expect.poll(() => listed()).toEqual([])
    // One offer at a time: the corner leaves this delete to the dialog.
    expect(await page.locator('.undo-notices [data-testid="undo-notice"]').count()).toBe(0)

    await offer.getByTestId('undo-tags').click()
    await expect.poll(async () => (await listed()).sort()).toEqual(names)
    await context.close()
  })

  it('the undo window counts only while its notice can be seen: held while the page is hidden (en)', async () => {
    const name = `Held ${suffix}`
    const { data: tag } = await asAdmin<{ data: { id: number } }>(product, '/api/tags', {
      method: 'POST',
      body: { name, type: 'genre' },
    })
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/tags?keyword=${encodeURIComponent(name)}`)
    await page.locator(`[data-testid="delete-${tag.id}"]:visible`).click()
    const confirmed = Date.now()
    await page.locator('[data-testid="delete-confirm"]:visible').click()
    const notice = page.locator('.undo-notices [data-testid="undo-notice"]')
    await notice.waitFor()
    /** When the server ends the window (ms since the epoch), 0 once there is none. */
    const expiry = async () => {
      const pending = await asAdmin<{ data: { ids: number[]; expires_at: string }[] }>(
        product,
        '/api/deletions',
      )
      const held = pending.data.find((row) => row.ids.includes(tag.id))
      return held ? Date.parse(held.expires_at) : 0
    }
    // How far the window's end lies beyond a minute from now: only a held window reaches past it, whatever
    // the host's speed.
    const pastAMinute = async () => (await expiry()) - (Date.now() + UNDO_SECONDS * 1000)
    expect(await pastAMinute()).toBeLessThanOrEqual(0)

    // The page goes out of sight (another browser tab): the window is held on the server.
    const visibility = (state: 'hidden' | 'visible') =>
      page.evaluate((next) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next })
        document.dispatchEvent(new Event('visibilitychange'))
      }, state)
    await visibility('hidden')
    await expect.poll(pastAMinute).toBeGreaterThan(0)
    // Back in sight: the offer has the seconds it had left, and undoes the delete. A minute at most again,
    // ending no sooner than a minute after the delete: the time out of sight was not counted.
    await visibility('visible')
    await expect.poll(pastAMinute).toBeLessThanOrEqual(0)
    expect(await expiry()).toBeGreaterThanOrEqual(confirmed + UNDO_SECONDS * 1000)
    await notice.getByTestId('undo-tags').click()
    await expect
      .poll(
        async () =>
          (await asAdmin<{ data: unknown[] }>(product, `/api/tags?keyword=${encodeURIComponent(name)}`)).data
            .length,
      )
      .toBe(1)
    await context.close()
  })
})
