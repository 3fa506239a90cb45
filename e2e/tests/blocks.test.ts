import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'
import { dragKey } from '../support/waits.ts'

const product = useProduct()

type Listed<T> = { data: T[] }
interface BlockVideo {
  id: number
  title: string
  position: number
}

const created = async (path: string, body: unknown) =>
  (await asAdmin<{ data: { id: number; title: string } }>(product, path, { method: 'POST', body })).data

/** The block's video rows as the page shows them, top to bottom. */
const shownOrder = (page: Page) =>
  page
    .getByTestId('videos-children')
    .locator('tbody tr.ant-table-row')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-row-key'))))

describe('blocks, end to end in Chromium', () => {
  it("adds a video through the server-searching picker, reorders the block's videos by dragging, and keeps the order", async () => {
    const videos = []
    for (const n of [1, 2, 3])
      videos.push(
        await created('/api/videos', { title: `E2E Block Film ${n}`, serial_number: `E2E-BLK-${n}` }),
      )
    const [first, second, third] = videos.map((video) => video.id) as [number, number, number]
    const block = await created('/api/blocks', { title: 'E2E Home row', sort: 1 })
    await asAdmin(product, `/api/blocks/${block.id}/videos`, {
      method: 'POST',
      body: { ids: [first, second] },
    })
    const stored = async () =>
      (await asAdmin<Listed<BlockVideo>>(product, `/api/blocks/${block.id}/videos`)).data.map((v) => v.id)

    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/blocks/${block.id}`)
    await expect.poll(() => shownOrder(page)).toEqual([first, second])

    // The picker asks the server for what is typed; the third film goes after the others.
    const picker = page.getByRole('combobox', { name: 'Add', exact: true })
    await picker.click()
    await picker.pressSequentially('Block Film 3')
    await page.locator('.ant-select-dropdown:visible').getByTitle('E2E Block Film 3', { exact: true }).click()
    await page.keyboard.press('Escape')
    await page.getByTestId('child-add').click()
    await expect.poll(() => shownOrder(page)).toEqual([first, second, third])
    expect(await stored()).toEqual([first, second, third])

    // The first film dragged below the second, by keyboard on its handle.
    await page.getByTestId(`drag-${first}`).focus()
    // Picking up is announced, then being over its own place once the places are measured: a key pressed
    // before that moves nothing (a loaded machine showed it), so the second announcement is waited for.
    await dragKey(page, 'Space', new RegExp(`#${first} is over #${first}`))
    await dragKey(page, 'ArrowDown', new RegExp(`#${first} is over #${second}`))
    await dragKey(page, 'Space', new RegExp(`#${first} was dropped at the place of #${second}`))
    await expect.poll(stored).toEqual([second, first, third])
    await expect.poll(() => shownOrder(page)).toEqual([second, first, third])

    await page.reload()
    await expect.poll(() => shownOrder(page)).toEqual([second, first, third])

    // How the block presents a video: its caption and badge, changed in place.
    await page.getByTestId(`child-edit-${third}`).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'Caption' }).fill('E2E premiere')
    await dialog.getByRole('switch', { name: 'Popular badge' }).click()
    await dialog.getByTestId('child-update').click()
    const presented = async () =>
      (
        await asAdmin<Listed<BlockVideo & { name: string; is_popular: number }>>(
          product,
          `/api/blocks/${block.id}/videos`,
        )
      ).data.find((v) => v.id === third)
    await expect.poll(presented).toMatchObject({ name: 'E2E premiere', is_popular: 1 })

    // The home page's preview shows the blocks in order, this one with its caption first among its cards.
    await page.goto(`${product.server.url}/#/blocks`)
    await page.getByTestId('home-preview').click()
    const preview = page.getByTestId(`preview-block-${block.id}`)
    await expect
      .poll(() => preview.textContent())
      .toMatch(/E2E Block Film 2.*E2E Block Film 1.*E2E premiere.*Popular/)
    await context.close()
  })
})
