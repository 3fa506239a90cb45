import { randomBytes } from 'node:crypto'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import type { BrowserContext, Download, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { axeViolations, blocking } from '../support/axe.ts'
import { asAdmin, contextAs, loggedInContext, useProduct } from '../support/product.ts'
import { dragKey, requestsInFlight } from '../support/waits.ts'

const product = useProduct()

/** Every demo route this file covers, with what shows once it has rendered. */
const routes: [string, string][] = [
  ['/excel/export-excel', '[data-testid="excel-table"] tbody tr'],
  ['/excel/export-selected-excel', '[data-testid="excel-table"] tbody tr'],
  ['/excel/export-merge-header', 'table thead'],
  ['/excel/upload-excel', '[data-testid="excel-upload"]'],
  ['/zip/download', 'table tbody tr'],
  ['/pdf/index', '[data-testid="pdf-article"]'],
  ['/components/back-to-top', '.ant-card'],
  ['/components/count-to', '[data-testid="count-to-value"]'],
  ['/components/sticky', '[data-testid="sticky-bar"]'],
  ['/components/componentMixin', '[data-testid="mixin-form"]'],
  ['/components/draggable-dialog', '[data-testid="dialog-open"]'],
  ['/components/draggable-kanban', '[data-testid="linked-card"]'],
  ['/components/draggable-list', '[data-testid="linked-card"]'],
  ['/components/draggable-select', '[data-testid="select-chip"]'],
  ['/charts/bar-chart', '[data-testid="chart"] canvas'],
  ['/charts/line-chart', '[data-testid="chart"] canvas'],
  ['/charts/mixed-chart', '[data-testid="chart"] canvas'],
  ['/tab/index', '[data-testid="tab-pane-cn"]'],
  ['/theme/index', '[data-testid="theme-preset"]'],
  ['/clipboard/index', '[data-testid="clipboard-text"]'],
  ['/guide/index', '[data-testid="guide-start"]'],
  ['/nested/menu1/menu1-1', '[data-testid="nested-input"]'],
  ['/nested/menu1/menu1-2/menu1-2-1', '[data-testid="nested-input"]'],
  ['/nested/menu1/menu1-2/menu1-2-2', '[data-testid="nested-input"]'],
  ['/nested/menu1/menu1-3', '[data-testid="nested-input"]'],
  ['/nested/menu2', '[data-testid="nested-input"]'],
  ['/components/tinymce', '[data-testid="tinymce-editor"] [role="toolbar"]'],
  ['/table/dynamic-table', '[data-testid="dynamic-table"] tbody tr.ant-table-row'],
  ['/table/Draggable_table', '[data-testid="draggable-table"] tbody tr.ant-table-row'],
  ['/table/Inline_edit_table', '[data-testid="inline-title"]'],
  ['/table/Complex_table', '[data-testid="complex-table"] tbody tr.ant-table-row'],
  ['/example/list', '[data-testid="example-table"] tbody tr.ant-table-row'],
  ['/example/create', '[data-testid="example-toolbar"]'],
]

let context: BrowserContext
let page: Page
let network: ReturnType<typeof requestsInFlight>
/** Console errors and uncaught exceptions since the last check. */
let problems: string[] = []
const tagName = `demo-${randomBytes(3).toString('hex')}`
/** An article of this run's own, for the editor's route. */
let article: { id: number; title: string }

beforeAll(async () => {
  await asAdmin(product, '/api/tags', { method: 'POST', body: { name: tagName, type: 'genre' } })
  article = (
    await asAdmin<{ data: { id: number; title: string } }>(product, '/api/articles', {
      method: 'POST',
      body: { title: `Article ${tagName}`, author: 'E2E', type: 'eu', content: '<p>Body 正文</p>' },
    })
  ).data
  context = await loggedInContext(product, 'en')
  page = await context.newPage()
  network = requestsInFlight(page)
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
})

afterAll(() => context?.close())

/**
 * The screen on show: the shell keeps the pages visited before, hidden, with the same test ids. Found by
 * the address's path (not by :visible, which can still match the page being left for a moment).
 */
const view = () => page.locator(`.shell-view[data-view="${new URL(page.url()).hash.slice(1).split('?')[0]}"]`)

async function open(path: string, ready: string) {
  await page.goto(`${product.server.url}/#${path}`)
  await view().locator(ready).first().waitFor()
}

async function downloaded(start: () => Promise<unknown>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()])
  const chunks: Buffer[] = []
  for await (const chunk of await (download as Download).createReadStream()) chunks.push(chunk as Buffer)
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) }
}

async function sheetRows(bytes: Buffer): Promise<{ rows: string[][]; merges: string[] }> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(bytes as unknown as ArrayBuffer)
  const sheet = book.worksheets[0]
  const rows: string[][] = []
  sheet?.eachRow((row) => {
    const cells: string[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.text
    })
    rows.push(Array.from(cells, (cell) => cell ?? ''))
  })
  return { rows, merges: (sheet?.model.merges ?? []) as string[] }
}

describe('the demo pages, in Chromium', () => {
  it('each demo route renders without console errors', async () => {
    const editor: [string, string] = [`/example/edit/${article.id}`, '[data-testid="example-title"]']
    for (const [path, ready] of [...routes, editor]) {
      problems = []
      await open(path, ready)
      // Late effects (charts, queries) report once what they asked for has come.
      await network.idle()
      expect({ path, problems }).toEqual({ path, problems: [] })
    }
  })

  it('the menu search finds a hidden demo page', async () => {
    await page.goto(`${product.server.url}/#/dashboard`)
    await page.getByTestId('header-search').click()
    const search = page.getByTestId('header-search-input').locator('input')
    await search.fill('count to')
    // The best match is offered first and Enter opens it (a click can land while the list still animates in).
    await expect.poll(() => page.getByTestId('search-option').first().textContent()).toContain('Count To')
    await search.press('Enter')
    await page.waitForURL(/#\/components\/count-to$/)
  })

  it('exports the tags to xlsx and csv with the chosen file name', async () => {
    await open('/excel/export-excel', '[data-testid="excel-table"] tbody tr')
    await view().getByTestId('excel-file-name').fill('all-tags')
    const xlsx = await downloaded(() => view().getByTestId('excel-export').click())
    expect(xlsx.name).toBe('all-tags.xlsx')
    const { rows } = await sheetRows(xlsx.bytes)
    expect(rows[0]).toEqual(['ID', 'Name', 'Type', 'Created at'])
    expect(rows.some((row) => row[1] === tagName && row[2] === 'genre')).toBe(true)

    await view().getByText('csv', { exact: true }).click()
    const csv = await downloaded(() => view().getByTestId('excel-export').click())
    expect(csv.name).toBe('all-tags.csv')
    const text = csv.bytes.toString('utf8')
    expect(text.startsWith('\uFEFFID,Name,Type,Created at')).toBe(true)
    expect(text).toContain(`,${tagName},genre,`)
  })

  it('offers the export while the tags load, never greyed out, and exports them once they come', async () => {
    // A page of its own (its own query cache, axe allowed in): the tags answer only when the test lets them.
    const own = await loggedInContext(product, 'en', { bypassCSP: true })
    const slow = await own.newPage()
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await slow.route('**/api/tags?*', async (route) => {
      await held
      await route.continue()
    })
    try {
      await slow.goto(`${product.server.url}/#/excel/export-excel`)
      const button = slow.locator('.shell-view[data-view="/excel/export-excel"]').getByTestId('excel-export')
      await button.waitFor()
      // Enabled while the rows load: a button turning from disabled to enabled fades through greys (#b8b8b8
      // on #f5f5f5, 1.81:1), which axe found as a serious contrast failure when it read the page then.
      expect(await button.isEnabled()).toBe(true)
      expect(blocking(await axeViolations(slow, { rules: ['color-contrast'] }))).toEqual([])
      // Asked while they load, the export waits for the tags and has them all.
      await slow.getByTestId('excel-file-name').fill('early')
      const downloading = slow.waitForEvent('download')
      await button.click()
      release()
      const download = await downloading
      expect(download.suggestedFilename()).toBe('early.xlsx')
      const chunks: Buffer[] = []
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
      const { rows } = await sheetRows(Buffer.concat(chunks))
      expect(rows.some((row) => row[1] === tagName)).toBe(true)
      expect(blocking(await axeViolations(slow, { rules: ['color-contrast'] }))).toEqual([])
    } finally {
      release()
      await own.close()
    }
  })

  it('exports a two-row merged header', async () => {
    await open('/excel/export-merge-header', 'table tbody tr.ant-table-row')
    const file = await downloaded(() => view().getByTestId('excel-export').click())
    const { rows, merges } = await sheetRows(file.bytes)
    expect(merges.sort()).toEqual(['A1:A2', 'B1:C1', 'D1:D2'])
    expect(rows[0]?.slice(0, 2)).toEqual(['ID', 'Tag'])
    expect(rows[1]?.slice(1, 3)).toEqual(['Name', 'Type'])
  })

  it('exports only the selected rows', async () => {
    await open('/excel/export-selected-excel', '[data-testid="excel-table"] tbody tr')
    const table = view().getByTestId('excel-table')
    const firstRows = table.locator('tbody tr.ant-table-row')
    const ids = [
      await firstRows.nth(0).getAttribute('data-row-key'),
      await firstRows.nth(1).getAttribute('data-row-key'),
    ]
    await firstRows.nth(0).locator('.ant-checkbox').click()
    await firstRows.nth(1).locator('.ant-checkbox').click()
    const file = await downloaded(() => view().getByTestId('excel-export').click())
    const { rows } = await sheetRows(file.bytes)
    expect(rows.slice(1).map((row) => row[0])).toEqual(ids)
  })

  it('shows an uploaded .xlsx in the preview table, and refuses a file over 1 MB', async () => {
    await open('/excel/upload-excel', '[data-testid="excel-upload"]')
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('People')
    sheet.addRows([
      ['Title', 'Views'],
      ['第一集', 1200],
      ['Pilot', 345],
    ])
    const buffer = Buffer.from(await book.xlsx.writeBuffer())
    await view().locator('input[type="file"]').setInputFiles({
      name: 'fixture.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    })
    const preview = view().getByTestId('excel-preview')
    await preview.getByText('第一集').waitFor()
    expect(await preview.locator('thead th').allInnerTexts()).toEqual(['Title', 'Views'])
    expect(await preview.locator('tbody tr').count()).toBe(2)

    await view()
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'big.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.alloc(1024 * 1024 + 1),
      })
    await page.getByText('The file is larger than 1 MB.').waitFor()
  })

  it('downloads the table as a text file inside a zip', async () => {
    await open('/zip/download', 'table tbody tr.ant-table-row')
    await view().getByTestId('zip-file-name').fill('tag-list')
    const file = await downloaded(() => view().getByTestId('zip-download').click())
    expect(file.name).toBe('tag-list.zip')
    const zip = await JSZip.loadAsync(file.bytes)
    const text = await zip.file('tag-list.txt')?.async('string')
    expect(text?.split('\n')[0]).toBe('ID\tName\tType\tCreated at')
    expect(text).toContain(`\t${tagName}\tgenre\t`)
  })

  it('moves a kanban card to another column by dragging', async () => {
    await open('/components/draggable-kanban', '[data-testid="linked-card"]')
    const card = view().locator('[data-card="mission"]')
    const done = view().locator('[data-column="done"]')
    const from = await card.boundingBox()
    const to = await done.boundingBox()
    if (!from || !to) throw new Error('no boxes')
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 5 })
    await page.mouse.move(to.x + to.width / 2, to.y + to.height - 10, { steps: 20 })
    await page.mouse.up()
    await expect.poll(() => done.locator('[data-card="mission"]').count()).toBe(1)
    expect(await view().locator('[data-column="todo"] [data-card="mission"]').count()).toBe(0)
  })

  it('runs the guided tour through its steps and closes it', async () => {
    await open('/guide/index', '[data-testid="guide-start"]')
    await view().getByTestId('guide-start').click()
    const tour = page.locator('.ant-tour:visible')
    for (const title of ['Hamburger', 'Breadcrumb', 'Page search', 'Full screen', 'Size']) {
      await tour.getByText(title, { exact: true }).waitFor()
      await tour.getByRole('button', { name: 'Next' }).click()
    }
    await tour.getByText('Tabs', { exact: true }).waitFor()
    await tour.getByRole('button', { name: 'Finish' }).click()
    await expect.poll(() => page.locator('.ant-tour:visible').count()).toBe(0)
  })

  it('counts to the end value with its separator, prefix and suffix', async () => {
    await open('/components/count-to', '[data-testid="count-to-value"]')
    await view().getByTestId('count-to-end').fill('12345.5')
    await view().getByTestId('count-to-decimals').fill('1')
    await view().getByTestId('count-to-duration').fill('600')
    await view().getByTestId('count-to-run').click()
    const value = view().getByTestId('count-to-value')
    await expect.poll(() => value.textContent()).toBe('¥ 12,345.5 rmb')
    await view().getByTestId('count-to-reset').click()
    await expect.poll(() => value.textContent()).toBe('¥ 0.0 rmb')
  })
})

describe('the article demos, in Chromium', () => {
  const articleTitle = async (id: number) =>
    (await asAdmin<{ data: { title: string } }>(product, `/api/articles/${id}`)).data.title

  it('edits a title in its row: cancel restores the original, save reaches the API', async () => {
    await open('/table/Inline_edit_table', '[data-testid="inline-title"]')
    const row = view().locator('[data-testid="inline-table"] tbody tr.ant-table-row').first()
    const id = Number(await row.getAttribute('data-row-key'))
    const original = await articleTitle(id)
    await row.getByTestId('inline-edit').click()
    await row.getByTestId('inline-input').fill('Changed, then cancelled')
    await row.getByTestId('inline-cancel').click()
    await expect.poll(() => row.getByTestId('inline-title').textContent()).toBe(original)
    expect(await articleTitle(id)).toBe(original)

    await row.getByTestId('inline-edit').click()
    expect(await row.getByTestId('inline-input').inputValue()).toBe(original)
    await row.getByTestId('inline-input').fill(`${original} (edited)`)
    await row.getByTestId('inline-save').click()
    await expect.poll(() => row.getByTestId('inline-title').textContent()).toBe(`${original} (edited)`)
    expect(await articleTitle(id)).toBe(`${original} (edited)`)
  })

  it('creates an article in the complex table dialog, refused until its fields are valid', async () => {
    await open('/table/Complex_table', '[data-testid="complex-table"] tbody tr.ant-table-row')
    await view().getByTestId('complex-create').click()
    const dialog = page.locator('.ant-modal:visible')
    await dialog.getByTestId('article-save').click()
    await dialog.locator('.ant-form-item-explain-error').first().waitFor()
    expect(await dialog.locator('.ant-form-item-explain-error').count()).toBeGreaterThanOrEqual(3)

    const title = `Dialog ${tagName}`
    await dialog.getByTestId('article-title').fill(title)
    await dialog.getByTestId('article-author').fill('E2E')
    await dialog.locator('.ant-form-item').filter({ hasText: 'Type' }).locator('.ant-select').click()
    await page.locator('.ant-select-dropdown:visible').getByText('Japan', { exact: true }).click()
    await dialog.getByTestId('article-save').click()
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: scaled(10_000) }).toBe(0)

    await view().getByTestId('complex-keyword').fill(title)
    await view().getByTestId('complex-search').click()
    const found = view().getByTestId('complex-title').filter({ hasText: title })
    await found.waitFor()
    const listed = await asAdmin<{ data: { title: string; type: string; author: string }[] }>(
      product,
      `/api/articles?keyword=${encodeURIComponent(title)}`,
    )
    expect(listed.data.map(({ title: t, type, author }) => [t, type, author])).toEqual([[title, 'jp', 'E2E']])

    // The page as a file: the filtered rows, exceljs loaded on the click.
    const file = await downloaded(() => view().getByTestId('complex-export-xlsx').click())
    expect(file.name).toBe('articles.xlsx')
    const { rows } = await sheetRows(file.bytes)
    expect(rows[0]?.slice(0, 4)).toEqual(['ID', 'Date', 'Title', 'Author'])
    expect(rows.slice(1).map((row) => [row[2], row[3], row[4]])).toEqual([[title, 'E2E', 'Japan']])
  })

  it('shows the rich-text editor with its toolbar, and its HTML follows the typing, also when shown again', async () => {
    // Left and come back to: the kept screen's editor is made again (tiptap drops it while hidden).
    await open('/components/tinymce', '[data-testid="tinymce-editor"] [role="toolbar"]')
    await open('/dashboard', '*')
    problems = []
    await open('/components/tinymce', '[data-testid="tinymce-editor"] [role="toolbar"]')
    const toolbar = view().getByRole('toolbar', { name: 'Formatting' })
    for (const name of ['Bold', 'Italic', 'Link', 'Insert an image', 'Undo'])
      expect(await toolbar.getByRole('button', { name }).count(), name).toBe(1)
    const editor = view().getByRole('textbox', { name: 'Rich Text (Tinymce)' })
    await editor.click()
    await page.keyboard.press('ControlOrMeta+End')
    await page.keyboard.type(' Typed here')
    await expect.poll(() => view().getByTestId('tinymce-html').textContent()).toContain('Typed here')
    expect(problems).toEqual([])
  })

  it('reorders the drag table by keyboard, showing the old and the new order', async () => {
    await open('/table/Draggable_table', '[data-testid="draggable-table"] tbody tr.ant-table-row')
    const original = await view().getByTestId('original-order').textContent()
    const ids = original?.split(', ') ?? []
    await view().getByTestId('drag-handle').first().focus()
    await dragKey(page, 'Space', /moved over/)
    await dragKey(page, 'ArrowDown', /moved over/)
    await dragKey(page, 'Space', /dropped/)
    const moved = [ids[1], ids[0], ...ids.slice(2)].join(', ')
    await expect.poll(() => view().getByTestId('new-order').textContent()).toBe(moved)
    expect(await view().getByTestId('original-order').textContent()).toBe(original)
    const shown = await view()
      .locator('[data-testid="draggable-table"] tbody tr.ant-table-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key')))
    expect(shown.join(', ')).toBe(moved)
  })

  it('shows an admin without list-articles the 403 state, and a reader no writes', async () => {
    const roleOf = async (name: string, permissions: string[]) =>
      (
        await asAdmin<{ data: { id: number } }>(product, '/api/roles', {
          method: 'POST',
          body: { name: `${name} ${tagName}`, permissions },
        })
      ).data.id
    const visitAs = async (name: string, permissions: string[]) => {
      const username = `${name}-${tagName}`
      const credentials = { username, password: `${username}-passw0rd` }
      const roleIds = [await roleOf(name, permissions)]
      await asAdmin(product, '/api/admins', {
        method: 'POST',
        body: { ...credentials, name: username, role_ids: roleIds },
      })
      const other = await contextAs(product, credentials, 'en')
      const otherPage = await other.newPage()
      await otherPage.goto(`${product.server.url}/#/table/Complex_table`)
      return { other, otherPage }
    }
    // list-tags opens the shell: an admin whom no permission grants a screen goes to /401 (spec section 4).
    const stranger = await visitAs('no-articles', ['list-tags'])
    await stranger.otherPage.getByTestId('articles-forbidden').waitFor()
    await stranger.other.close()

    const reader = await visitAs('reader', ['list-tags', 'list-articles'])
    await reader.otherPage.locator('[data-testid="complex-table"] tbody tr.ant-table-row').first().waitFor()
    expect(await reader.otherPage.getByTestId('complex-create').count()).toBe(0)
    expect(await reader.otherPage.getByTestId('complex-publish').count()).toBe(0)
    await reader.other.close()
  })

  it('writes an article in the example editor and publishes it', async () => {
    await open('/example/create', '[data-testid="example-toolbar"]')
    const title = `Editor ${tagName}`
    await view().getByTestId('example-title').fill(title)
    await view().getByTestId('example-author').fill('E2E')
    await view().getByTestId('example-type').click()
    await page.locator('.ant-select-dropdown:visible').getByText('China', { exact: true }).click()
    await view().getByRole('textbox', { name: 'Content' }).click()
    await page.keyboard.type('Written in the editor')
    await view().getByTestId('example-publish').click()
    await page.waitForURL(/#\/example\/edit\/\d+$/)
    const id = Number(new URL(page.url()).hash.split('/').pop())
    const stored = await asAdmin<{ data: Record<string, unknown> }>(product, `/api/articles/${id}`)
    expect(stored.data).toMatchObject({
      title,
      author: 'E2E',
      type: 'cn',
      status: 'published',
      content: '<p>Written in the editor</p>',
    })
    await expect.poll(() => view().getByTestId('example-title').inputValue()).toBe(title)
  })
})
