import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { httpConfig } from '../src/api/http.ts'
import { setPermissions } from '../src/stores/permission.ts'
import { renderNotes, serveNotes } from './notes-render.tsx'

const api = serveNotes()

const row = (title: string) => screen.getByText(title).closest('tr') as HTMLElement

describe('the notes fixture list: a list declared in a few lines', () => {
  it('shows states as translated tags and related records by name', async () => {
    setPermissions(['list-notes'])
    await renderNotes('/notes')
    await screen.findByText('Alpha')
    expect(within(row('Alpha')).getByText('Draft').classList.contains('ant-tag')).toBe(true)
    expect(within(row('Beta')).getByText('Published').className).toContain('green')
    expect(within(row('Beta')).getByText('Tag 150')).toBeTruthy()
  })

  it('offers an action exactly where the state allows it and the admin holds its permission', async () => {
    setPermissions(['list-notes'])
    await renderNotes('/notes')
    await screen.findByText('Alpha')
    expect(screen.queryByTestId('publish-1')).toBeNull()
    cleanup()

    setPermissions(['list-notes', 'publish-notes'])
    await renderNotes('/notes')
    expect(await screen.findByTestId('publish-1')).toBeTruthy()
    // Beta is published already: the table allows publish only from draft.
    expect(screen.queryByTestId('publish-2')).toBeNull()
  })

  it('runs the action, shows the record as the server left it, and a 409 as its message', async () => {
    setPermissions(['list-notes', 'publish-notes'])
    await renderNotes('/notes')
    await userEvent.click(await screen.findByTestId('publish-1'))
    expect(api.requests('POST', '/api/notes/1/publish')).toHaveLength(1)
    await waitFor(() => expect(within(row('Alpha')).getByText('Published')).toBeTruthy())
    expect(screen.queryByTestId('publish-1')).toBeNull()
    cleanup()

    // Someone else published it meanwhile: the row still offers publish, the server refuses.
    api.reset()
    await renderNotes('/notes')
    await screen.findByTestId('publish-1')
    const note = api.state.notes[0]
    if (note) note.status = 'published'
    await userEvent.click(screen.getByTestId('publish-1'))
    expect(await screen.findByText('This note is already published.')).toBeTruthy()
  })

  it('filters by a related record: the chosen one is fetched by id, the others searched on the server', async () => {
    setPermissions(['list-notes'])
    const router = await renderNotes('/notes?tagId=150')
    await screen.findByText('Beta')
    expect(screen.queryByText('Alpha')).toBeNull()
    expect(api.requests('GET', '/api/notes').at(-1)?.query.get('tag_id')).toBe('150')
    // Record 150 of 150: shown by name, asked for by id, while nothing else is loaded.
    const picker = screen.getByTestId('notes-filter-tagId')
    await waitFor(() => expect(within(picker).getByText('Tag 150')).toBeTruthy())
    const tagCalls = api.requests('GET', '/api/tags')
    expect(tagCalls.map((call) => Object.fromEntries(call.query))).toEqual([{ ids: '150', per_page: '1' }])

    const input = within(picker).getByRole('combobox')
    await userEvent.click(input)
    await userEvent.type(input, 'Tag 149')
    const option = await screen.findByText('Tag 149', { selector: '.ant-select-item-option-content' })
    const search = api.requests('GET', '/api/tags').at(-1)
    expect(search?.query.get('keyword')).toBe('Tag 149')
    expect(search?.query.get('per_page')).toBe('20')
    // One request for the whole word, not one per key.
    expect(api.requests('GET', '/api/tags').filter((call) => call.query.has('keyword'))).toHaveLength(1)
    await userEvent.click(option)
    await waitFor(() => expect(router.state.location.search).toBe('?tagId=149'))
    await waitFor(() => expect(api.requests('GET', '/api/notes').at(-1)?.query.get('tag_id')).toBe('149'))
  }, 10_000)

  it('says how many more there are than the search shows', async () => {
    setPermissions(['list-notes'])
    await renderNotes('/notes')
    await screen.findByText('Alpha')
    await userEvent.click(within(screen.getByTestId('notes-filter-tagId')).getByRole('combobox'))
    expect(await screen.findByText('Showing 20 of 150; type to narrow the search')).toBeTruthy()
  })

  it('exports with the list’s filters, keyword and sort through a one-use ticket, never a Blob', async () => {
    setPermissions(['list-notes'])
    await renderNotes('/notes')
    await screen.findByText('Alpha')
    expect(screen.queryByTestId('notes-export')).toBeNull()
    cleanup()

    setPermissions(['list-notes', 'export-notes'])
    const opened: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      opened.push(this.href)
    })
    await renderNotes('/notes?tagId=2&sort=-title&keyword=be&page=1')
    await screen.findByText('Beta')
    await userEvent.click(screen.getByTestId('notes-export'))
    await waitFor(() => expect(opened).toHaveLength(1))
    expect(JSON.parse(api.requests('POST', '/api/download-tickets')[0]?.body ?? '')).toEqual({
      path: '/notes/exportCsv',
    })
    const url = new URL(opened[0] ?? '')
    expect(url.href.startsWith(`${httpConfig.baseUrl}/notes/exportCsv?`)).toBe(true)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sort: '-title',
      keyword: 'be',
      tag_id: '2',
      ticket: 'one-use-ticket',
    })
  })

  it('offers the import screen with batch-create-notes', async () => {
    setPermissions(['list-notes', 'batch-create-notes'])
    const router = await renderNotes('/notes')
    await userEvent.click(await screen.findByTestId('notes-batch-create'))
    expect(router.state.location.pathname).toBe('/notes/batch-create')
  })
})
