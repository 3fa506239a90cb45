import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'
import { openablePath, routed } from '../support/routes.ts'
import { faultsOf, shownText } from '../support/shown-text.ts'
import { fieldKinds, vocabulary } from '../support/vocabulary.ts'
import { settled } from '../support/waits.ts'

/**
 * Issue 36 item 1: every screen, in both languages, on demo data, names things as people do: no translation
 * key shown as text, no English string of the product in zh-cn (its own or antd's, screen readers' labels
 * included), no wire code where its label belongs, no raw HTML, no bare id where a field names a record.
 */
const product = useProduct()
const words = vocabulary()

const languages = [
  { language: 'zh-cn', cookie: undefined },
  { language: 'en', cookie: 'en' },
] as const
type Language = (typeof languages)[number]['language']

/** Two languages of every screen; on a loaded two-core machine one language's pass took over two minutes. */
const SWEEP_TIMEOUT = 480_000

const faults = async (page: Page, selector: string, language: Language, where: string, resource?: string) =>
  faultsOf(await shownText(page, selector), language, words, fieldKinds(resource)).map(
    (fault) => `${language} ${where}: ${fault}`,
  )

const open = async (language: (typeof languages)[number]) => {
  const page = await (await loggedInContext(product, language.cookie)).newPage()
  await page.goto(`${product.server.url}/#/dashboard`)
  await page.locator('.shell-view').first().waitFor()
  return page
}

describe('names, never ids or codes (issue 36 item 1)', () => {
  it(
    'every screen of the route table in both languages',
    async () => {
      const pages = await Promise.all(languages.map(open))
      const failures = await Promise.all(
        pages.map(async (shell, turn) => {
          const { language } = languages[turn] as (typeof languages)[number]
          await settled(shell)
          const found = await faults(shell, 'body', language, 'the shell')
          let previous: string | undefined
          for (const route of routed) {
            const path = await openablePath(product, route)
            if (route.meta?.public) {
              const page = await shell.context().newPage()
              await page.goto(`${product.server.url}/#${path}`)
              await settled(page)
              found.push(...(await faults(page, 'body', language, path)))
              await page.close()
              continue
            }
            await shell.evaluate(`location.hash = ${JSON.stringify(`#${path}`)}`)
            const within = `.shell-view[data-view="${path}"]`
            const opened = await shell
              .locator(within)
              .waitFor({ timeout: 60_000 })
              .then(() => true)
              .catch(() => false)
            if (!opened) {
              const asked = await shell.evaluate('document.body.innerText.slice(0, 300)')
              found.push(`${language} ${path}: the screen did not open (the page read "${asked}")`)
              continue
            }
            // The screen before is closed, so the page holds one screen at a time (the shell keeps them).
            if (previous && previous !== path) {
              const close = shell.locator(`[data-testid="view-tab"][data-path="${previous}"] .tabs-bar-close`)
              if ((await close.count()) > 0) await close.click()
            }
            previous = path
            await settled(shell)
            found.push(...(await faults(shell, within, language, path, route.meta?.resource)))
          }
          await shell.context().close()
          return found
        }),
      )
      expect(failures.flat().join('\n')).toBe('')
    },
    SWEEP_TIMEOUT,
  )

  it.each(languages)('an order and its refund dialog, in $language', async (language) => {
    const orders = await asAdmin<{ data: { id: number }[] }>(
      product,
      '/api/orders?per_page=1&paid_at_from=2000-01-01',
    )
    const id = orders.data[0]?.id
    const page = await open(language)
    await page.evaluate(`location.hash = '#/orders/${id}'`)
    await page.getByTestId('order-refund').click()
    const dialog = page.locator('.ant-modal')
    await dialog.waitFor()
    await settled(page)
    const found = [
      ...(await faults(page, `.shell-view[data-view="/orders/${id}"]`, language.language, 'order', 'orders')),
      ...(await faults(page, '.ant-modal', language.language, 'refund dialog')),
    ]
    await page.context().close()
    expect(found.join('\n')).toBe('')
  })

  it.each(languages)(
    'a bulk action refused for its state names state and action, in $language',
    async (language) => {
      const comments = await asAdmin<{ data: { id: number }[] }>(
        product,
        '/api/comments?per_page=1&status=enabled',
      )
      const comment = comments.data[0]
      if (!comment) throw new Error('no enabled comment in the demo data')
      await asAdmin(product, `/api/comments/${comment.id}/disable`, { method: 'POST' })
      const page = await open(language)
      await page.evaluate(`location.hash = '#/comments?status=disabled'`)
      const row = page.locator(`tr[data-row-key="${comment.id}"]`)
      await row.locator('input[type="checkbox"]').check()
      await page.getByTestId('bulk-disable').click()
      await page.getByTestId('bulk-disable-confirm').click()
      await page.getByTestId('bulk-results').waitFor()
      const found = await faults(page, '.ant-modal', language.language, 'bulk results')
      await page.context().close()
      expect(found.join('\n')).toBe('')
    },
  )

  it.each(languages)('the audit trail of a rich-text change, in $language', async (language) => {
    // An information page's content changed: the change reads as text, never as HTML.
    const pages = await asAdmin<{ data: { id: number }[] }>(product, '/api/informations?per_page=1')
    const id = pages.data[0]?.id
    await asAdmin(product, `/api/informations/${id}`, {
      method: 'PUT',
      body: { content: `<p>Shipping <strong>takes</strong> ${language.language} days.</p>` },
    })
    const page = await open(language)
    const path = '/permissions/audit-logs'
    await page.evaluate(`location.hash = '#${path}?resource=informations'`)
    const within = `.shell-view[data-view="${path}"]`
    await page.locator(`${within} .record-changes`).first().waitFor()
    await settled(page)
    const found = await faults(page, within, language.language, 'audit trail', 'audit-logs')
    await page.context().close()
    expect(found.join('\n')).toBe('')
  })
})
