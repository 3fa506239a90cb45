import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

interface Focused {
  testId: string | null
  text: string
  /** Inside an open dialog (or on its frame, which antd focuses when it opens). */
  inDialog: boolean
  /** The focus indicator drawn: outline or box-shadow, 'none' when nothing shows. */
  indicator: string
}

// Read in the page: the root tsconfig has no DOM types, so the page's globals are reached plainly.
const focused = (page: Page) =>
  page.evaluate<Focused>(`(() => {
    const el = document.activeElement
    // antd rings a field's wrapper (search box, select) rather than the input inside it.
    const ring = (node) => {
      const style = getComputedStyle(node)
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? 'outline ' + style.outlineColor : ''
      const shadow = style.boxShadow !== 'none' ? 'box-shadow ' + style.boxShadow : ''
      return outline || shadow
    }
    const wrapper = el.closest('.ant-input-affix-wrapper, .ant-input-outlined, .ant-select, .ant-input-number, .ant-picker')
    return {
      testId: el.getAttribute('data-testid'),
      text: (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40),
      inDialog: Boolean(el.closest('[role="dialog"], .ant-modal-wrap, .ant-drawer')),
      indicator: ring(el) || (wrapper && ring(wrapper)) || 'none',
    }
  })()`)

/** Presses Tab until the focused element has `testId`; returns what was passed on the way. */
async function tabTo(page: Page, testId: string, limit = 80): Promise<Focused[]> {
  const passed: Focused[] = []
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    const now = await focused(page)
    passed.push(now)
    if (now.testId === testId) return passed
  }
  throw new Error(`Tab never reached ${testId}; passed: ${passed.map((f) => f.testId ?? f.text).join(', ')}`)
}

async function expectVisibleFocus(page: Page, testId: string) {
  const now = await focused(page)
  expect(now.testId).toBe(testId)
  expect(now.indicator, `${testId} shows where the focus is`).not.toBe('none')
}

describe('the keyboard alone', () => {
  it('reaches a list screen’s actions with a visible focus ring; the delete confirmation keeps and returns focus', async () => {
    const { data: tag } = await asAdmin<{ data: { id: number } }>(product, '/api/tags', {
      method: 'POST',
      body: { name: `Keyboard ${Date.now()}`, type: 'genre' },
    })
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/tags?keyword=Keyboard`)
    await page.getByTestId(`delete-${tag.id}`).waitFor()
    // Start from the page itself, as after a click on its background.
    await page.locator('body').click({ position: { x: 600, y: 5 } })

    await tabTo(page, 'tags-keyword')
    await expectVisibleFocus(page, 'tags-keyword')
    await tabTo(page, 'tags-create')
    await expectVisibleFocus(page, 'tags-create')
    await tabTo(page, `edit-${tag.id}`)
    await expectVisibleFocus(page, `edit-${tag.id}`)
    await tabTo(page, `delete-${tag.id}`)
    await expectVisibleFocus(page, `delete-${tag.id}`)

    // Open the confirmation from the keyboard: focus moves into it and stays there.
    await page.keyboard.press('Enter')
    await page.getByTestId('delete-confirm').waitFor()
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true)
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      const now = await focused(page)
      expect(now.inDialog, `Tab ${i + 1} stays in the confirmation (at ${now.testId ?? now.text})`).toBe(true)
      expect(now.indicator).not.toBe('none')
    }
    // Escape closes it and gives focus back to the button that opened it.
    await page.keyboard.press('Escape')
    await page.getByTestId('delete-confirm').waitFor({ state: 'hidden' })
    await expect.poll(async () => (await focused(page)).testId).toBe(`delete-${tag.id}`)

    // And from the keyboard again, the delete goes through.
    await page.keyboard.press('Enter')
    await page.getByTestId('delete-confirm').waitFor()
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true)
    // Focus starts on Cancel, the safe answer.
    await expect.poll(async () => (await focused(page)).text).toBe('Cancel')
    await tabTo(page, 'delete-confirm', 6)
    await page.keyboard.press('Enter')
    await expect
      .poll(async () => (await asAdmin<{ data: unknown[] }>(product, `/api/tags?ids=${tag.id}`)).data)
      .toEqual([])
    await context.close()
  })

  it('opens the settings drawer from the keyboard; it keeps focus and gives it back', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    // The dashboard, where a login lands: the settings button is within reach of Tab from its top.
    await page.goto(`${product.server.url}/#/dashboard`)
    await page.getByTestId('view-tab').first().waitFor()
    await page.locator('body').click({ position: { x: 600, y: 5 } })
    await tabTo(page, 'settings-button')
    await expectVisibleFocus(page, 'settings-button')
    await page.keyboard.press('Enter')
    await page.getByTestId('settings-drawer').waitFor()
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true)
    const passed: string[] = []
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press('Tab')
      const now = await focused(page)
      passed.push(now.testId ?? now.text)
      expect(now.inDialog, `Tab ${i + 1} stays in the drawer (at ${now.testId ?? now.text})`).toBe(true)
    }
    // Round and round: every control of the drawer was passed, the switches among them.
    expect(passed).toContain('setting-sidebarTextTheme')
    await page.keyboard.press('Escape')
    await page.getByTestId('settings-drawer').waitFor({ state: 'hidden' })
    await expect.poll(async () => (await focused(page)).testId).toBe('settings-button')
    await context.close()
  })

  it('gives focus back to the button that opened a form dialog, however it closes', async () => {
    const { data: videos } = await asAdmin<{ data: { id: number }[] }>(product, '/api/videos?per_page=1')
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    // A child form kept in the page, and a dialog antd takes out of it on closing.
    const dialogs = [
      { route: `/videos/show/${videos[0]?.id}`, opener: 'child-add' },
      { route: '/table/Complex_table', opener: 'complex-create' },
    ]
    for (const { route, opener } of dialogs) {
      await page.goto(`${product.server.url}/#${route}`)
      const button = page.locator(`[data-testid="${opener}"]:visible`)
      await button.waitFor()
      for (const close of ['Escape', 'Cancel'] as const) {
        await button.focus()
        await page.keyboard.press('Enter')
        await expect.poll(async () => (await focused(page)).inDialog).toBe(true)
        if (close === 'Escape') await page.keyboard.press('Escape')
        else await page.locator('.ant-modal:visible').getByRole('button', { name: 'Cancel' }).click()
        await expect
          .poll(async () => (await focused(page)).testId, { message: `${opener}, after ${close}` })
          .toBe(opener)
      }
    }
    await context.close()
  })

  it('fills and saves a form with the keyboard alone', async () => {
    const name = `Keyed ${Date.now()}`
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/tags/create`)
    const field = page.getByRole('textbox', { name: 'Name' })
    await field.waitFor()
    await page.locator('body').click({ position: { x: 600, y: 5 } })

    // Tab to the name field, type; Tab to the type, open it and pick with the arrows.
    const onField = () => field.evaluate((el) => el === el.ownerDocument.activeElement)
    for (let i = 0; i < 60 && !(await onField()); i++) await page.keyboard.press('Tab')
    expect(await onField()).toBe(true)
    expect((await focused(page)).indicator).not.toBe('none')
    await page.keyboard.type(name)
    await page.keyboard.press('Tab')
    await expect.poll(async () => (await focused(page)).indicator).not.toBe('none')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await tabTo(page, 'form-submit', 20)
    await expectVisibleFocus(page, 'form-submit')
    await page.keyboard.press('Enter')
    await page.waitForURL(/#\/tags(\?.*)?$/)
    const found = await asAdmin<{ data: { name: string }[] }>(
      product,
      `/api/tags?keyword=${encodeURIComponent(name)}`,
    )
    expect(found.data.map((t) => t.name)).toEqual([name])
    await context.close()
  })
})
