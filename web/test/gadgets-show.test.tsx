import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { setPermissions } from '../src/stores/permission.ts'
import { renderGadgets, serveGadgetScreens } from './gadgets-render.tsx'

const api = serveGadgetScreens()

const partLabels = () =>
  within(screen.getByTestId('parts-table'))
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[1]?.textContent)

describe('a record page with a child list (the gadgets fixture, against the real server)', () => {
  it('shows the record with its action, and its children in their order, read-only without edit-gadgets', async () => {
    setPermissions(['list-gadgets', 'publish-gadgets'])
    await renderGadgets('/gadgets/1')
    const detail = await screen.findByTestId('gadgets-detail')
    await waitFor(() => expect(within(detail).getByText('Alpha')).toBeTruthy())
    expect(screen.getByTestId('publish-1')).toBeTruthy()
    await waitFor(() => expect(within(screen.getByTestId('parts-table')).getByText('First')).toBeTruthy())
    expect(api.requests('GET', '/api/gadgets/1/parts')[0]?.query.get('per_page')).toBe('100')
    expect(screen.queryByTestId('child-add')).toBeNull()
    expect(screen.queryByTestId('remove-1')).toBeNull()
    expect(screen.queryByTestId('drag-1')).toBeNull()
  })

  it('adds a child through its own form, with the server’s 422 under the field, and removes one', async () => {
    setPermissions(['list-gadgets', 'edit-gadgets'])
    await renderGadgets('/gadgets/1')
    await userEvent.click(await screen.findByTestId('child-add'))
    // The newest dialog: an earlier one may still be closing in this shared window.
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement
    // Labels are unique: the server's 422 on the field shows under it.
    await userEvent.type(within(dialog).getByLabelText('Label'), 'Second')
    await userEvent.click(screen.getByTestId('child-save'))
    expect(await within(dialog).findByText('The label has already been taken.')).toBeTruthy()
    await userEvent.clear(within(dialog).getByLabelText('Label'))
    await userEvent.type(within(dialog).getByLabelText('Label'), 'Fourth')
    await userEvent.click(screen.getByTestId('child-save'))
    await waitFor(() => expect(within(screen.getByTestId('parts-table')).getByText('Fourth')).toBeTruthy())
    expect(api.requests('POST', '/api/gadgets/1/parts').map((call) => JSON.parse(call.body))).toEqual([
      { label: 'Second' },
      { label: 'Fourth' },
    ])

    await userEvent.click(await screen.findByTestId('remove-2'))
    await userEvent.click(await screen.findByTestId('remove-confirm'))
    await waitFor(() => expect(within(screen.getByTestId('parts-table')).queryByText('Second')).toBeNull())
    expect(api.requests('DELETE', '/api/gadgets/1/parts/2')).toHaveLength(1)
  })

  it('changes a child’s own fields in a dialog from its row, with the server’s 422 under the field', async () => {
    setPermissions(['list-gadgets', 'edit-gadgets'])
    await renderGadgets('/gadgets/1')
    await userEvent.click(await screen.findByTestId('child-edit-1'))
    // The newest dialog: an earlier one may still be closing in this shared window.
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement
    const label = within(dialog).getByLabelText('Label')
    await waitFor(() => expect((label as HTMLInputElement).value).toBe('First'))
    await userEvent.clear(label)
    await userEvent.type(label, 'Second')
    await userEvent.click(screen.getByTestId('child-update'))
    expect(await within(dialog).findByText('The label has already been taken.')).toBeTruthy()
    await userEvent.clear(label)
    await userEvent.type(label, 'Uno')
    await userEvent.click(screen.getByTestId('child-update'))
    await waitFor(() => expect(partLabels()).toEqual(['Uno', 'Second', 'Third']))
    expect(api.requests('PUT', '/api/gadgets/1/parts/1').map((call) => JSON.parse(call.body))).toEqual([
      { label: 'Second' },
      { label: 'Uno' },
    ])
  })

  it('reorders by dragging a handle with the keyboard, sending the complete new order', async () => {
    // jsdom lays nothing out: rows get the boxes a browser would give them, one under the other.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const row = this.closest('tr')
      const index = row ? [...(row.parentElement?.children ?? [])].indexOf(row) : 0
      const top = index * 40
      return { x: 0, y: top, top, left: 0, bottom: top + 40, right: 600, width: 600, height: 40, toJSON() {} }
    })
    setPermissions(['list-gadgets', 'edit-gadgets'])
    await renderGadgets('/gadgets/1')
    const handle = await screen.findByTestId('drag-1')
    await waitFor(() => expect(partLabels()).toEqual(['First', 'Second', 'Third']))
    handle.focus()
    await userEvent.keyboard('[Space]')
    await userEvent.keyboard('[ArrowDown]')
    await userEvent.keyboard('[Space]')
    await waitFor(() => expect(api.requests('POST', '/api/gadgets/1/parts/reorder')).toHaveLength(1))
    expect(JSON.parse(api.requests('POST', '/api/gadgets/1/parts/reorder')[0]?.body ?? '')).toEqual({
      ids: [2, 1, 3],
    })
    await waitFor(() => expect(partLabels()).toEqual(['Second', 'First', 'Third']))
  })

  it('pages the child list on its own: the screen’s URL is left alone', async () => {
    setPermissions(['list-gadgets'])
    const router = await renderGadgets('/gadgets/2')
    const table = await screen.findByTestId('parts-table')
    await waitFor(() => expect(within(table).getByText('Item 1000')).toBeTruthy())
    await userEvent.click(within(screen.getByTestId('parts-children')).getByTitle('2'))
    await waitFor(() => expect(within(table).getByText('Item 1100')).toBeTruthy())
    expect(api.requests('GET', '/api/gadgets/2/parts').at(-1)?.query.get('page')).toBe('2')
    expect(router.state.location.pathname).toBe('/gadgets/2')
    expect(router.state.location.search).toBe('')
  })
})
