import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

interface Row {
  id: number
  status: string
  report_status?: string
  archived_from?: string | null
  subject?: string
}

const rows = async (path: string) => (await asAdmin<{ data: Row[] }>(product, path)).data
const one = async (path: string) => (await asAdmin<{ data: Row }>(product, path)).data
const statusOf = async (path: string) => (await one(path)).status
// Visited lists stay kept, hidden, behind the one shown (tabs): only the visible one counts.
const rowOf = (page: Page, id: number) => page.locator(`tr[data-row-key="${id}"]:visible`)

/** A support agent's queues on the demo data: comment reports, tickets, bulk actions and undo. */
describe('community queues, end to end in Chromium', () => {
  let page: Page
  const open = async (path: string, table: string) => {
    await page.goto(`${product.server.url}/#${path}`)
    await page.locator(`[data-testid="${table}-table"]:visible`).waitFor()
  }

  beforeAll(async () => {
    const context = await loggedInContext(product, 'en')
    page = await context.newPage()
  })
  afterAll(() => page?.context().close())

  it('bans a reported comment from the reports queue', async () => {
    const [reported] = await rows('/api/comments/reports?report_status=pending&sort=id&per_page=1')
    const id = reported?.id as number
    await open('/comments/reports?report_status=pending&sort=id', 'comments')
    await rowOf(page, id).getByTestId(`ban-${id}`).click()
    await page.locator('[data-testid="ban-confirm"]:visible').click()
    await expect
      .poll(() => one(`/api/comments/${id}`))
      .toMatchObject({ status: 'banned', report_status: 'banned' })
    // Settled, it leaves the pending queue.
    await expect.poll(() => rowOf(page, id).count()).toBe(0)
  })

  it('solves a ticket, then archives it', async () => {
    const [ticket] = await rows('/api/supports?status=open&sort=id&per_page=1')
    const id = ticket?.id as number
    await open('/questions/supports?sort=id', 'supports')
    await rowOf(page, id).getByTestId(`solve-${id}`).click()
    await expect.poll(() => statusOf(`/api/supports/${id}`)).toBe('solved')
    // Solved, it offers archive (and no longer solve).
    await rowOf(page, id).getByTestId(`archive-${id}`).click()
    await page.locator('[data-testid="archive-confirm"]:visible').click()
    await expect
      .poll(() => one(`/api/supports/${id}`))
      .toMatchObject({ status: 'archived', archived_from: 'solved' })
    await rowOf(page, id).getByTestId(`recover-${id}`).waitFor()
    expect(await rowOf(page, id).getByTestId(`solve-${id}`).count()).toBe(0)
  })

  it('bulk-disables ticked comments and says which one was refused and why', async () => {
    const ticked = (await rows('/api/comments?status=enabled&sort=id&per_page=3')).map((row) => row.id)
    const [a, b, c] = ticked as [number, number, number]
    await open('/comments?status=enabled&sort=id', 'comments')
    for (const id of ticked) await rowOf(page, id).locator('input[type="checkbox"]').check()
    await page.locator('[data-testid="comments-selection"]:visible').getByText('3 selected').waitFor()
    // Meanwhile another agent disables one of them.
    await asAdmin(product, `/api/comments/${b}/disable`, { method: 'POST' })
    await page.locator('[data-testid="bulk-disable"]:visible').click()
    await page.locator('[data-testid="bulk-disable-confirm"]:visible').click()
    const results = page.getByTestId('bulk-results')
    await results.waitFor()
    await page.getByText('Disable: 2 done, 1 refused').waitFor()
    await expect.poll(() => results.getByTestId(`bulk-result-${a}`).textContent()).toContain('Done')
    // Ticked at the version the list showed: changed since, it is refused as stale (docs/resources.md "Versions").
    await expect
      .poll(() => results.getByTestId(`bulk-result-${b}`).textContent())
      .toContain('changed this record at')
    await expect.poll(() => results.getByTestId(`bulk-result-${c}`).textContent()).toContain('Done')
    expect(await Promise.all(ticked.map((id) => statusOf(`/api/comments/${id}`)))).toEqual([
      'disabled',
      'disabled',
      'disabled',
    ])
    await page.getByTestId('bulk-results-close').click()
  })

  it('deletes a ticket, then undoes it after a reload: it is back as it was', async () => {
    const [ticket] = await rows('/api/supports?status=open&sort=-id&per_page=1')
    const id = ticket?.id as number
    const before = await one(`/api/supports/${id}`)
    await open('/questions/supports?sort=-id', 'supports')
    await rowOf(page, id).getByTestId(`delete-${id}`).click()
    await page.locator('[data-testid="delete-confirm"]:visible').click()
    const notice = page.getByTestId('undo-notice')
    await notice.getByText(`Deleted “${before.subject}”.`).waitFor()
    await expect
      .poll(async () => (await rows(`/api/supports?sort=-id&per_page=5`)).some((r) => r.id === id))
      .toBe(false)

    // The browser reloads: the offer is still there, from the server.
    await page.reload()
    await page.locator('[data-testid="supports-table"]:visible').waitFor()
    await page.getByTestId('undo-supports').click()
    await page.getByText('Restored').waitFor()
    // As it was, under a version of its own (the row is written anew).
    await expect.poll(() => one(`/api/supports/${id}`)).toEqual({ ...before, version: expect.any(String) })
    await rowOf(page, id).waitFor()
    await notice.waitFor({ state: 'detached' })
  })
})
