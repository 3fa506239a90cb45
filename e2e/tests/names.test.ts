import { describe, expect, it } from 'vitest'
import { asAdmin, bothLanguages, loggedInContext, useProduct } from '../support/product.ts'
import { namingFaults } from '../support/vocabulary.ts'
import { settled } from '../support/waits.ts'

/**
 * Issue 36 item 1: the product names things as people do, in both languages, on demo data (no translation key
 * shown as text, no English string of the product in zh-cn, no wire code where its label belongs, no raw HTML,
 * no bare id where a field names a record): here a dialog, a bulk result and the audit trail, where no route
 * leads; every screen of the route table is walked in every-screen.test.ts.
 */
const product = useProduct()

const open = async (language: (typeof bothLanguages)[number]) => {
  const page = await (await loggedInContext(product, language.cookie)).newPage()
  await page.goto(`${product.server.url}/#/dashboard`)
  await page.locator('.shell-view').first().waitFor()
  return page
}

describe('names, never ids or codes (issue 36 item 1)', () => {
  it.each(bothLanguages)('an order and its refund dialog, in $language', async (language) => {
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
      ...(await namingFaults(
        page,
        `.shell-view[data-view="/orders/${id}"]`,
        language.language,
        'order',
        'orders',
      )),
      ...(await namingFaults(page, '.ant-modal', language.language, 'refund dialog')),
    ]
    await page.context().close()
    expect(found.join('\n')).toBe('')
  })

  it.each(bothLanguages)(
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
      const found = await namingFaults(page, '.ant-modal', language.language, 'bulk results')
      await page.context().close()
      expect(found.join('\n')).toBe('')
    },
  )

  it.each(bothLanguages)('the audit trail of a rich-text change, in $language', async (language) => {
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
    const found = await namingFaults(page, within, language.language, 'audit trail', 'audit-logs')
    await page.context().close()
    expect(found.join('\n')).toBe('')
  })
})
