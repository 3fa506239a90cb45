import { act, cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useApp } from '../src/stores/app.ts'
import { serveApi } from './api-server.ts'
import { picked, renderPicker } from './permission-picker-harness.tsx'

serveApi((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.end(
    JSON.stringify({
      data: [
        { id: 1, name: 'list-tags', group: 'tags' },
        { id: 2, name: 'create-tags', group: 'tags' },
        { id: 3, name: 'delete-tags', group: 'tags' },
        { id: 4, name: 'list-admins', group: 'admins' },
        { id: 5, name: 'list-widgets', group: 'widgets' },
      ],
    }),
  )
})
beforeEach(() => act(() => useApp.getState().setLanguage('en')))
afterEach(cleanup)

const box = (group: string, name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('checkbox', { name }) as HTMLInputElement

describe('the role form permission picker', () => {
  it('groups the catalogue under translated titles, leaving out groups no screen of the product has', async () => {
    renderPicker()
    await screen.findByRole('group', { name: 'Tags' })
    expect(screen.getAllByRole('group').map((group) => group.getAttribute('data-testid'))).toEqual([
      'permission-group-tags',
      'permission-group-admins',
    ])
  })

  it('select-all is indeterminate with some, ticks all of its group and only them, and clears them', async () => {
    renderPicker(['create-tags', 'list-admins'])
    await screen.findByRole('group', { name: 'Tags' })
    const all = box('Tags', 'Tags')
    expect(all.checked).toBe(false)
    expect(all.closest('.ant-checkbox')?.classList.contains('ant-checkbox-indeterminate')).toBe(true)

    await userEvent.click(all)
    // With what they need: a tag's form picks its category.
    expect(picked()).toEqual([
      'create-tags',
      'list-admins',
      'list-tags',
      'delete-tags',
      'list-tag-categories',
    ])
    expect(box('Tags', 'Tags').checked).toBe(true)
    expect(box('Tags', 'Delete').checked).toBe(true)

    await userEvent.click(box('Tags', 'Tags'))
    expect(picked()).toEqual(['list-admins', 'list-tag-categories'])
    expect(box('Admins', 'List').checked).toBe(true)
  })

  it('narrows the groups with the filter box; select-all then takes what is shown', async () => {
    renderPicker()
    await screen.findByRole('group', { name: 'Tags' })
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter permissions' }), 'list')
    expect(screen.getAllByRole('group')).toHaveLength(2)
    expect(within(screen.getByRole('group', { name: 'Tags' })).getAllByRole('checkbox')).toHaveLength(2)
    await userEvent.click(box('Tags', 'Tags'))
    expect(picked()).toEqual(['list-tags', 'list-tag-categories'])
    await userEvent.clear(screen.getByRole('textbox', { name: 'Filter permissions' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter permissions' }), 'zzz')
    expect(screen.getByText('No permission matches the filter.')).toBeTruthy()
  })
})
