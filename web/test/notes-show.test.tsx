import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { setPermissions } from '../src/stores/permission.ts'
import { renderNotes, serveNotes } from './notes-render.tsx'

const api = serveNotes()

const itemTitles = () =>
  within(screen.getByTestId('items-table'))
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[1]?.textContent)

describe('a record page with a child list (the notes fixture)', () => {
  it('shows the record with its action, and its children in their order, read-only without edit-notes', async () => {
    setPermissions(['list-notes', 'publish-notes'])
    await renderNotes('/notes/1')
    const detail = await screen.findByTestId('notes-detail')
    await waitFor(() => expect(within(detail).getByText('Alpha')).toBeTruthy())
    expect(screen.getByTestId('publish-1')).toBeTruthy()
    await waitFor(() => expect(within(screen.getByTestId('items-table')).getByText('First')).toBeTruthy())
    expect(api.requests('GET', '/api/notes/1/items')[0]?.query.get('per_page')).toBe('100')
    expect(screen.queryByTestId('child-add')).toBeNull()
    expect(screen.queryByTestId('remove-11')).toBeNull()
    expect(screen.queryByTestId('drag-11')).toBeNull()
  })

  it('adds a child through its own form, with the server’s 422 under the field, and removes one', async () => {
    setPermissions(['list-notes', 'edit-notes'])
    await renderNotes('/notes/1')
    await userEvent.click(await screen.findByTestId('child-add'))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Taken')
    await userEvent.click(screen.getByTestId('child-save'))
    expect(await within(dialog).findByText('This title is taken.')).toBeTruthy()
    await userEvent.clear(within(dialog).getByLabelText('Title'))
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Fourth')
    await userEvent.click(screen.getByTestId('child-save'))
    await waitFor(() => expect(within(screen.getByTestId('items-table')).getByText('Fourth')).toBeTruthy())
    expect(api.requests('POST', '/api/notes/1/items').map((call) => JSON.parse(call.body))).toEqual([
      { title: 'Taken' },
      { title: 'Fourth' },
    ])

    await userEvent.click(await screen.findByTestId('remove-12'))
    await userEvent.click(await screen.findByTestId('remove-confirm'))
    await waitFor(() => expect(within(screen.getByTestId('items-table')).queryByText('Second')).toBeNull())
    expect(api.requests('DELETE', '/api/notes/1/items/12')).toHaveLength(1)
  })

  it('reorders by dragging a handle with the keyboard, sending the complete new order', async () => {
    // jsdom lays nothing out: rows get the boxes a browser would give them, one under the other.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const row = this.closest('tr')
      const index = row ? [...(row.parentElement?.children ?? [])].indexOf(row) : 0
      const top = index * 40
      return { x: 0, y: top, top, left: 0, bottom: top + 40, right: 600, width: 600, height: 40, toJSON() {} }
    })
    setPermissions(['list-notes', 'edit-notes'])
    await renderNotes('/notes/1')
    const handle = await screen.findByTestId('drag-11')
    await waitFor(() => expect(itemTitles()).toEqual(['First', 'Second', 'Third']))
    handle.focus()
    await userEvent.keyboard('[Space]')
    await userEvent.keyboard('[ArrowDown]')
    await userEvent.keyboard('[Space]')
    await waitFor(() => expect(api.requests('POST', '/api/notes/1/items/reorder')).toHaveLength(1))
    expect(JSON.parse(api.requests('POST', '/api/notes/1/items/reorder')[0]?.body ?? '')).toEqual({
      ids: [12, 11, 13],
    })
    await waitFor(() => expect(itemTitles()).toEqual(['Second', 'First', 'Third']))
  })

  it('pages the child list on its own: the screen’s URL is left alone', async () => {
    setPermissions(['list-notes'])
    const router = await renderNotes('/notes/2')
    const table = await screen.findByTestId('items-table')
    await waitFor(() => expect(within(table).getByText('Item 1000')).toBeTruthy())
    await userEvent.click(within(screen.getByTestId('items-children')).getByTitle('2'))
    await waitFor(() => expect(within(table).getByText('Item 1100')).toBeTruthy())
    expect(api.requests('GET', '/api/notes/2/items').at(-1)?.query.get('page')).toBe('2')
    expect(router.state.location.pathname).toBe('/notes/2')
    expect(router.state.location.search).toBe('')
  })
})
