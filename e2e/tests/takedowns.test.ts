import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

interface Row {
  id: number
  status: string
  published_at: string | null
}
type Entry = { changes: Record<string, unknown> }

const record = async (path: string) => (await asAdmin<{ data: Row }>(product, path)).data
const reasonOf = async (resource: string, id: number) =>
  (
    await asAdmin<{ data: Entry[] }>(
      product,
      `/api/audit-logs?resource=${resource}&record_id=${id}&action=unpublish`,
    )
  ).data[0]?.changes.reason
const rowOf = (page: Page, id: number) => page.locator(`tr[data-row-key="${id}"]:visible`)

async function publishedVideo(serial: string) {
  const { data } = await asAdmin<{ data: Row }>(product, '/api/videos', {
    method: 'POST',
    body: { title: `Takedown ${serial}`, serial_number: serial },
  })
  await asAdmin(product, `/api/videos/${data.id}/publish`, { method: 'POST' })
  return data.id
}

/** Issue 58, item 1: a published video or post taken down, alone and in bulk, with a reason; the bulk undone. */
describe('takedowns, end to end in Chromium', () => {
  let page: Page
  afterAll(() => page?.context().close())

  describe('in Chinese at 1280 px', () => {
    beforeAll(async () => {
      const context = await loggedInContext(product, 'zh-cn')
      page = await context.newPage()
      await page.setViewportSize({ width: 1280, height: 900 })
    })

    it('unpublishes two videos in bulk with a reason, then undoes it from the result dialog', async () => {
      const ids = [await publishedVideo('E2E-TD-1'), await publishedVideo('E2E-TD-2')]
      const firstPublished = (await record(`/api/videos/${ids[0]}`)).published_at
      await page.goto(`${product.server.url}/#/videos?keyword=E2E-TD&sort=id`)
      for (const id of ids) await rowOf(page, id).locator('input[type="checkbox"]').check()
      await page.locator('[data-testid="bulk-unpublish"]:visible').click()
      const confirm = page.locator('[data-testid="bulk-unpublish-confirm"]:visible')
      // No reason, no takedown.
      expect(await confirm.isDisabled()).toBe(true)
      await page.getByLabel('原因（记入操作日志）').fill('版权方通知 DMCA-77')
      await confirm.click()
      await page.getByTestId('bulk-results').waitFor()
      await page.getByText('下架：2 条完成，0 条被拒绝').waitFor()
      for (const id of ids) {
        expect((await record(`/api/videos/${id}`)).status).toBe('draft')
        expect(await reasonOf('videos', id)).toBe('版权方通知 DMCA-77')
      }
      await page.getByTestId('bulk-results-undo').click()
      for (const id of ids)
        await expect.poll(async () => (await record(`/api/videos/${id}`)).status).toBe('published')
      // Published again as it was: the first publish time is kept.
      expect((await record(`/api/videos/${ids[0]}`)).published_at).toBe(firstPublished)
      await page.getByTestId('bulk-results-close').click()
    })
  })

  describe('in Chinese at 1920 px', () => {
    beforeAll(async () => {
      await page?.context().close()
      const context = await loggedInContext(product, 'zh-cn')
      page = await context.newPage()
      await page.setViewportSize({ width: 1920, height: 1000 })
    })

    // Issue 68, item 5: a taken-down video's page says so, when, by whom and why, and shows no publish time.
    it('takes a video down from its page and the page shows who, when and why, with no publish time', async () => {
      const id = await publishedVideo('E2E-TD-3')
      await page.goto(`${product.server.url}/#/videos/show/${id}`)
      const detail = page.getByTestId('videos-detail')
      await detail
        .locator('[data-field="published_at"]')
        .filter({ hasText: /\d{4}-\d\d-\d\d/ })
        .waitFor()
      await page.locator(`[data-testid="unpublish-${id}"]:visible`).click()
      await page.getByLabel('原因（记入操作日志）').fill('版权方通知 DMCA-88')
      await page.locator('[data-testid="unpublish-confirm"]:visible').click()
      await detail.getByTestId('video-taken-down').filter({ hasText: '已下架' }).waitFor()
      const { taken_down_at } = (
        await asAdmin<{ data: Row & { taken_down_at: string } }>(product, `/api/videos/${id}`)
      ).data
      const by = await detail.getByTestId('video-takedown-by').textContent()
      expect(by).toContain(`${product.admin.username} 于 `)
      expect(by).toContain(' 下架')
      // The time it names is the takedown's, as the page writes instants (business zone, to the second).
      expect(by?.match(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/)).not.toBeNull()
      expect(taken_down_at).not.toBeNull()
      expect(await detail.getByTestId('video-takedown-reason').textContent()).toBe('原因：版权方通知 DMCA-88')
      expect(await detail.locator('[data-field="published_at"]').textContent()).toBe('')
      // The list tells it apart from a plain draft, with no publish time either.
      await page.goto(`${product.server.url}/#/videos?keyword=E2E-TD-3`)
      const row = rowOf(page, id)
      await row.getByTestId('video-taken-down').filter({ hasText: '已下架' }).waitFor()
      expect(await row.locator('[data-field="published_at"]').textContent()).toBe('')
    })
  })

  describe('in English at 1920 px', () => {
    beforeAll(async () => {
      await page?.context().close()
      const context = await loggedInContext(product, 'en')
      page = await context.newPage()
      await page.setViewportSize({ width: 1920, height: 1000 })
    })

    it("takes a post down from its row, asking why, and the member site's status is draft", async () => {
      const { data } = await asAdmin<{ data: Row }>(product, '/api/posts', {
        method: 'POST',
        body: { title: 'E2E takedown post', content: '<p>Hi</p>', status: 'published' },
      })
      await page.goto(`${product.server.url}/#/videos/posts?keyword=${encodeURIComponent('E2E takedown')}`)
      await rowOf(page, data.id).getByTestId(`unpublish-${data.id}`).click()
      await page.getByLabel('Reason (kept in the audit trail)').fill('Wrong facts')
      await page.locator('[data-testid="unpublish-confirm"]:visible').click()
      await expect.poll(async () => (await record(`/api/posts/${data.id}`)).status).toBe('draft')
      expect(await reasonOf('posts', data.id)).toBe('Wrong facts')
      // A draft offers publish again, not unpublish.
      await rowOf(page, data.id).getByTestId(`publish-${data.id}`).waitFor()
      expect(await rowOf(page, data.id).getByTestId(`unpublish-${data.id}`).count()).toBe(0)
    })
  })
})
