import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { setPermissions } from '../src/stores/permission.ts'
import { renderNotes, serveNotes } from './notes-render.tsx'

const api = serveNotes()

const csvFile = (lines: string[], name = 'notes.csv') =>
  new File([`\uFEFF${lines.join('\r\n')}\r\n`], name, { type: 'text/csv' })

async function openImport() {
  setPermissions(['list-notes', 'batch-create-notes'])
  await renderNotes('/notes/batch-create')
  return screen.findByTestId('import-choose')
}

const chooseFile = (file: File) =>
  userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file)

describe('the import screen of the notes fixture', () => {
  it('offers a template from the declared columns: header row and an example row', async () => {
    const saved: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob)
      return 'blob:template'
    })
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    await openImport()
    await userEvent.click(screen.getByTestId('import-template'))
    expect(names).toEqual(['notes-template.csv'])
    const bytes = new Uint8Array(await (saved[0] as Blob).arrayBuffer())
    // UTF-8 with a BOM, so that spreadsheets read it as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(new TextDecoder().decode(bytes)).toBe('title,status,tag_ids\r\nShopping,draft,1|2\r\n')
  })

  it('previews the first rows of the chosen file under the fields’ labels, and says which columns lack', async () => {
    await openImport()
    await chooseFile(
      csvFile([
        'title,status',
        '"Milk, eggs",draft',
        ...Array.from({ length: 30 }, (_, i) => `Row ${i},draft`),
      ]),
    )
    const preview = await screen.findByTestId('import-preview')
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Status'])
    expect(within(preview).getByText('Milk, eggs')).toBeTruthy()
    // Ten rows at most: the first one, then Row 0 to Row 8.
    expect(within(preview).getAllByRole('row')).toHaveLength(11)
    expect(within(preview).queryByText('Row 9')).toBeNull()
    expect(screen.getByText('The file lacks the columns tag_ids.')).toBeTruthy()
  })

  it('uploads with a progress bar and lists every bad row by row and field; nothing is imported', async () => {
    await openImport()
    await chooseFile(csvFile(['title,status,tag_ids', 'Fine,draft,1', ',draft,', 'bad,draft,999']))
    await userEvent.click(await screen.findByTestId('import-upload'))
    const errors = await screen.findByTestId('import-errors')
    const rows = within(errors)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['2', 'Title', 'The title is required.'],
      ['3', 'Tags', 'Unknown tag 999.'],
    ])
    expect(
      screen.getByText('Nothing was imported. Correct these rows and import the file again.'),
    ).toBeTruthy()
    const upload = api.requests('POST', '/api/notes/batch-create')[0]
    expect(upload?.body).toContain('name="file"; filename="notes.csv"')
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100')
  })

  it('says how many records a good file created', async () => {
    await openImport()
    await chooseFile(csvFile(['title,status,tag_ids', 'One,draft,1', 'Two,draft,1|2', 'Three,published,']))
    await userEvent.click(await screen.findByTestId('import-upload'))
    expect(await screen.findByText('3 records imported.')).toBeTruthy()
    await waitFor(() => expect(api.requests('POST', '/api/notes/batch-create')).toHaveLength(1))
  })
})
