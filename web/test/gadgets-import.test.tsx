import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { setPermissions } from '../src/stores/permission.ts'
import { renderGadgets, serveGadgetScreens } from './gadgets-render.tsx'

const api = serveGadgetScreens()

const csvFile = (lines: string[], name = 'gadgets.csv') =>
  new File([`\uFEFF${lines.join('\r\n')}\r\n`], name, { type: 'text/csv' })

async function openImport() {
  setPermissions(['list-gadgets', 'batch-create-gadgets'])
  await renderGadgets('/gadgets/batch-create')
  return screen.findByTestId('import-choose')
}

const chooseFile = (file: File) =>
  userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file)

describe('the import screen of the gadgets fixture, against the real server', () => {
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
    expect(names).toEqual(['gadgets-template.csv'])
    const bytes = new Uint8Array(await (saved[0] as Blob).arrayBuffer())
    // UTF-8 with a BOM, so that spreadsheets read it as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(new TextDecoder().decode(bytes)).toBe('name,price,tag_ids\r\nLamp,19.90,1|2\r\n')
  })

  it('previews the first rows of the chosen file under the fields’ labels, and says which columns lack', async () => {
    await openImport()
    await chooseFile(
      csvFile(['name,price', '"Lamp, tall",12', ...Array.from({ length: 30 }, (_, i) => `Row ${i},1`)]),
    )
    const preview = await screen.findByTestId('import-preview')
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Price'])
    expect(within(preview).getByText('Lamp, tall')).toBeTruthy()
    // Ten rows at most: the first one, then Row 0 to Row 8.
    expect(within(preview).getAllByRole('row')).toHaveLength(11)
    expect(within(preview).queryByText('Row 9')).toBeNull()
    expect(screen.getByText('The file lacks the columns tag_ids.')).toBeTruthy()
  })

  it('uploads with a progress bar and lists every bad row by row and field; nothing is imported', async () => {
    await openImport()
    await chooseFile(csvFile(['name,price,tag_ids', 'Fine,1,1', ',2,', 'Bad,3,999']))
    await userEvent.click(await screen.findByTestId('import-upload'))
    const errors = await screen.findByTestId('import-errors')
    const rows = within(errors)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['2', 'Name', 'The name field is required.'],
      ['3', 'Tags', 'The tag ids field names records that do not exist: 999.'],
    ])
    expect(
      screen.getByText('Nothing was imported. Correct these rows and import the file again.'),
    ).toBeTruthy()
    const upload = api.requests('POST', '/api/gadgets/batch-create')[0]
    expect(upload?.body).toContain('name="file"; filename="gadgets.csv"')
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100')
  })

  it('says how many records a good file created', async () => {
    await openImport()
    await chooseFile(csvFile(['name,price,tag_ids', 'One,1,1', 'Two,2.5,1|2', 'Three,3,']))
    await userEvent.click(await screen.findByTestId('import-upload'))
    expect(await screen.findByText('3 records imported.')).toBeTruthy()
    expect(api.requests('POST', '/api/gadgets/batch-create')).toHaveLength(1)
    const listed = await fetch(`${api.server.url}/api/gadgets?sort=id`, {
      headers: { authorization: `Bearer ${api.server.token}` },
    })
    const records = (await listed.json()).data.map((gadget: { name: string; tags: { name: string }[] }) => [
      gadget.name,
      gadget.tags.map((tag) => tag.name),
    ])
    expect(records.slice(2)).toEqual([
      ['One', ['Tag 1']],
      ['Two', ['Tag 1', 'Tag 2']],
      ['Three', []],
    ])
  })
})
