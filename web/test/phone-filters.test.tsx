import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setPermissions } from '../src/stores/permission.ts'
import { renderGadgets, serveGadgetScreens } from './gadgets-render.tsx'

serveGadgetScreens()

// A phone's width: antd's smallest breakpoint matches, no other.
const wide = window.matchMedia
beforeAll(() => {
  window.matchMedia = (query: string) =>
    ({ ...wide(query), matches: query === '(max-width: 575px)', media: query }) as MediaQueryList
})
afterAll(() => {
  window.matchMedia = wide
})

describe('a list on a phone', () => {
  it('folds its filters behind one button that counts the ones set; the keyword stays', async () => {
    setPermissions(['list-gadgets', 'list-tags'])
    await renderGadgets('/gadgets?price_from=15')
    await screen.findByText('Beta')
    const toggle = screen.getByTestId('gadgets-filters-toggle')
    expect(toggle.textContent).toBe('Filters (1)')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByTestId('gadgets-filter-tag_id')).toBeNull()
    expect(screen.getByTestId('gadgets-keyword')).toBeTruthy()
    await userEvent.click(toggle)
    await waitFor(() => expect(screen.getByTestId('gadgets-filter-tag_id')).toBeTruthy())
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
  })
})
