import { readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { mp4, PNG } from '../../server/test/fixtures/media.ts'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

const MP4 = mp4(12)

type Listed<T> = { data: T[] }
interface StoredVideo {
  id: number
  status: string
  cover: string | null
  video: string | null
  video_duration: number | null
  tags: { name: string }[]
  directors: { name: string }[]
}

/** The form item whose upload button the label names. */
const field = (page: Page, label: string) =>
  page.locator('.ant-form-item', { has: page.getByRole('button', { name: label, exact: true }) })

/** Picks a file as a person does: the button opens the file chooser. */
async function upload(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: label, exact: true }).click(),
  ])
  await chooser.setFiles(file)
}

async function pick(page: Page, label: string, name: string) {
  const picker = page.getByRole('combobox', { name: label, exact: true })
  await picker.click()
  await picker.pressSequentially(name)
  const option = page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true })
  await option.click()
  await page.keyboard.press('Escape')
}

describe('videos, end to end in Chromium', () => {
  beforeAll(async () => {
    for (const [name, type] of [
      ['E2E Thriller', 'genre'],
      ['E2E Star', 'model'],
    ])
      await asAdmin(product, '/api/tags', { method: 'POST', body: { name, type } })
    await asAdmin(product, '/api/directors', { method: 'POST', body: { name: 'E2E Auteur' } })
  })

  it('uploads a cover and a video, saves the video with its tags and director, publishes it, finds and exports it', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/videos/create`)
    await page.getByRole('textbox', { name: 'Title' }).fill('午夜列车 Midnight train')
    await page.getByRole('textbox', { name: 'Serial number' }).fill('E2E-MT-1')
    await upload(page, 'Cover', { name: 'cover.png', mimeType: 'image/png', buffer: PNG })
    await field(page, 'Cover').locator('img').waitFor()
    await upload(page, 'Video', { name: 'movie.mp4', mimeType: 'video/mp4', buffer: MP4 })
    await field(page, 'Video').locator('video').waitFor()
    // The server read the duration from the file, and the form took it.
    await expect
      .poll(() => page.getByRole('spinbutton', { name: 'Duration (seconds)' }).inputValue())
      .toBe('12')
    await pick(page, 'Genres', 'E2E Thriller')
    await pick(page, 'Models', 'E2E Star')
    await pick(page, 'Directors', 'E2E Auteur')
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/videos(\?.*)?$/)

    const [stored] = (await asAdmin<Listed<StoredVideo>>(product, '/api/videos?keyword=E2E-MT-1')).data
    expect(stored).toMatchObject({ status: 'draft', video_duration: 12 })
    expect(stored?.tags.map((tag) => tag.name).sort()).toEqual(['E2E Star', 'E2E Thriller'])
    expect(stored?.directors.map((director) => director.name)).toEqual(['E2E Auteur'])
    const served = await fetch(`${product.server.url}${stored?.cover}`)
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true)

    // Found by keyword in the list, then published from its row.
    await page.goto(`${product.server.url}/#/videos?keyword=E2E-MT`)
    const row = page.locator('tr', { hasText: 'E2E-MT-1' })
    await row.waitFor()
    await row.getByTestId(`publish-${stored?.id}`).click()
    await page.getByTestId('publish-confirm').click()
    await expect.poll(() => row.textContent()).toContain('Published')

    // The filtered export downloads with the Chinese title intact.
    await page.goto(`${product.server.url}/#/videos?keyword=E2E-MT&status=published`)
    await row.waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('videos-export').click(),
    ])
    expect(download.suggestedFilename()).toBe('videos.csv')
    // The browser runs apart from the test (one shared Chromium): the file comes back over its connection.
    const saved = path.join(tmpdir(), `videos-${Date.now()}.csv`)
    await download.saveAs(saved)
    const csv = await readFile(saved, 'utf8')
    await rm(saved, { force: true })
    expect(csv.charCodeAt(0)).toBe(0xfeff)
    expect(csv.trim().split(/\r?\n/)).toHaveLength(2)
    expect(csv).toContain('午夜列车 Midnight train')
    await context.close()
  })

  it('creates videos from a CSV naming their tags, or shows which rows are wrong and creates none', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/videos/batch-create`)
    const choose = async (csv: string) => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByTestId('import-choose').click(),
      ])
      await chooser.setFiles({ name: 'videos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
      await page.getByTestId('import-preview').waitFor()
      await page.getByTestId('import-upload').click()
    }
    await choose('title,serial_number,genres,directors\nBad,E2E-B-1,No such genre,\n')
    await page.getByTestId('import-errors').getByText('No such genre').waitFor()
    expect((await asAdmin<Listed<StoredVideo>>(product, '/api/videos?keyword=E2E-B-')).data).toEqual([])

    await page.reload()
    await choose(
      'title,serial_number,genres,directors\n批量 A,E2E-B-1,E2E Thriller,E2E Auteur\nB,E2E-B-2,,\n',
    )
    await page.getByText('2 records imported.').waitFor()
    await expect
      .poll(
        async () => (await asAdmin<Listed<StoredVideo>>(product, '/api/videos?keyword=E2E-B-')).data.length,
      )
      .toBe(2)
    const [first] = (await asAdmin<Listed<StoredVideo>>(product, '/api/videos?keyword=E2E-B-1')).data
    expect(first?.tags.map((tag) => tag.name)).toEqual(['E2E Thriller'])
    await context.close()
  })
})
