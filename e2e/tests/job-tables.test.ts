import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { asAdmin, bothLanguages, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

/**
 * Where each of the first row's cells is seen, by its record field (`data-field`), against the part of the
 * table in view: what it shows (inside its padding) inside the table's scrolling box and left of the fixed
 * actions column.
 */
async function cellsInView(page: Page, path: string, testId: string, fields: readonly string[]) {
  return cellsOf(await shownTable(page, path, testId), fields)
}

/** The table of the screen at `path`, once it shows a row (the screen before may stay, hidden, as a kept tab). */
async function shownTable(page: Page, path: string, testId: string) {
  await page.goto(`${product.server.url}/#${path}`)
  const view = page.locator(`.shell-view[data-view="${path.split('?')[0]}"]`)
  const table = view.locator(`[data-testid="${testId}-table"]`)
  await table.locator('tbody tr.ant-table-row').first().waitFor()
  return table
}

function cellsOf(table: Locator, fields: readonly string[]) {
  return table.evaluate((el: unknown, wanted: readonly string[]) => {
    type Rect = { left: number; right: number }
    type Found = { getBoundingClientRect(): Rect } | null
    const root = el as { querySelector(selector: string): Found }
    const box = root.querySelector('.ant-table-content, .ant-table-body')?.getBoundingClientRect()
    const actions = root.querySelector('tbody tr.ant-table-row td.ant-table-cell-fix-right')
    const edge = Math.min(box?.right ?? 0, actions?.getBoundingClientRect().left ?? Number.POSITIVE_INFINITY)
    const seen: Record<string, string> = {}
    // What a cell shows is inside its padding: that is what must be in view.
    const padding = (td: unknown, side: 'paddingLeft' | 'paddingRight') =>
      Number.parseFloat(
        (globalThis as unknown as { getComputedStyle(el: unknown): Record<string, string> }).getComputedStyle(
          td,
        )[side] ?? '0',
      )
    for (const field of wanted) {
      const td = root.querySelector(`tbody tr.ant-table-row td[data-field="${field}"]`)
      const rect = td?.getBoundingClientRect()
      const cell = rect && {
        left: rect.left + padding(td, 'paddingLeft'),
        right: rect.right - padding(td, 'paddingRight'),
      }
      seen[field] = !cell
        ? 'missing'
        : cell.left >= (box?.left ?? 0) - 1 && cell.right <= edge + 1
          ? 'in view'
          : `hidden (${Math.round(cell.left)}-${Math.round(cell.right)}, view ends at ${Math.round(edge)})`
    }
    return seen
  }, fields)
}

const allInView = (fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, 'in view']))

describe('tables that show what the job needs, end to end in Chromium', () => {
  for (const { language, cookie } of bothLanguages) {
    it(`shows every column a moderator needs, uncovered and without scrolling, at 1440 and 800 px (${language})`, async () => {
      const context = await loggedInContext(product, cookie)
      const page = await context.newPage()

      // The reported comments at 1440: the comment, how often and why it was reported, when, where it stands.
      await page.setViewportSize({ width: 1440, height: 900 })
      const reportColumns = [
        'comment',
        'reports_count',
        'report_reason',
        'reported_at',
        'status',
        'report_status',
      ]
      expect(await cellsInView(page, '/comments/reports', 'comments', reportColumns)).toEqual(
        allInView(reportColumns),
      )

      // Every comment at 800: the comment itself is not under the fixed actions column.
      await page.setViewportSize({ width: 800, height: 900 })
      const commentColumns = ['username', 'video_title', 'comment', 'status', 'report_status']
      expect(await cellsInView(page, '/comments', 'comments', commentColumns)).toEqual(
        allInView(commentColumns),
      )
      // The reported comments at 800: the comment, its reports and where it stands.
      const narrowReports = ['comment', 'reports_count', 'report_reason', 'status', 'report_status']
      expect(await cellsInView(page, '/comments/reports', 'comments', narrowReports)).toEqual(
        allInView(narrowReports),
      )
      // The column picker says which columns wait for a wider screen, and offers no choice of them here.
      const view = page.locator('.shell-view[data-view="/comments/reports"]')
      await view.getByTestId('comments-columns').click()
      const choice = page.getByTestId('comments-columns-choice')
      const idBox = choice.locator('input[value="id"]')
      await idBox.waitFor({ state: 'attached' })
      expect(await idBox.isDisabled()).toBe(true)
      expect(await idBox.isChecked()).toBe(false)
      expect(
        await choice
          .locator('label')
          .filter({ has: page.locator('input[value="id"]') })
          .textContent(),
      ).toContain(language === 'en' ? 'on wider screens' : '宽屏显示')
      expect(await choice.locator('input[value="comment"]').isDisabled()).toBe(false)
      await page.keyboard.press('Escape')
      // The page itself does not scroll sideways.
      expect(
        await page.evaluate<number>(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        ),
      ).toBeLessThanOrEqual(0)
      await context.close()
    })
  }

  it('wraps an audit entry’s change details in view at 1440 and 800 px, none of it cut off', async () => {
    // A change with long values: a question's answer rewritten.
    const long = (word: string) => Array.from({ length: 40 }, (_, i) => `${word}${i}`).join(' ')
    const { data } = await asAdmin<{ data: { id: number } }>(product, '/api/questions', {
      method: 'POST',
      body: { question: 'E2E how long may an answer be?', answer: long('first') },
    })
    await asAdmin(product, `/api/questions/${data.id}`, { method: 'PUT', body: { answer: long('second') } })
    for (const { language, cookie } of [...bothLanguages].reverse()) {
      const context = await loggedInContext(product, cookie)
      const page = await context.newPage()
      for (const width of [1440, 800]) {
        await page.setViewportSize({ width, height: 900 })
        const path = `/permissions/audit-logs?resource=questions&action=update&admin_id=${product.admin.id}`
        // The kept view lays its table out again after the window narrows: measured until it has, once the
        // screen shows its rows.
        const shown = await shownTable(page, path, 'audit-logs')
        await expect
          .poll(() => cellsOf(shown, ['changes', 'action', 'resource']), {
            message: `${language} ${width} px`,
          })
          .toEqual(allInView(['changes', 'action', 'resource']))
        const table = page.locator('[data-testid="audit-logs-table"]:visible')
        // The whole of the values is there to read: nothing overflows its line or its cell.
        const clipped = await table
          .locator('tbody tr.ant-table-row')
          .first()
          .locator('td[data-field="changes"]')
          .evaluate((cell: unknown) => {
            const td = cell as { scrollWidth: number; clientWidth: number; textContent: string | null }
            return { overflow: td.scrollWidth - td.clientWidth, text: td.textContent ?? '' }
          })
        expect(clipped.overflow, `${language} ${width} px`).toBeLessThanOrEqual(0)
        expect(clipped.text).toContain('second39')
      }
      await context.close()
    }
  })
})
