import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { setPermissions } from '../src/stores/permission.ts'
import type { Profile } from '../src/stores/session.ts'
import { useSession } from '../src/stores/session.ts'
import { renderGadgets, serveGadgetScreens } from './gadgets-render.tsx'

serveGadgetScreens()

const signedIn = (username: string) => act(() => useSession.setState({ profile: { username } as Profile }))
const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent)

describe('a list that fits: columns chosen per admin, long text cut with the whole on hover', () => {
  it("hides a column the admin unticks, and keeps that admin's choice, not another's", async () => {
    setPermissions(['list-gadgets'])
    signedIn('ann')
    await renderGadgets('/gadgets')
    await screen.findByText('Alpha')
    expect(headers()).toContain('Price')
    await userEvent.click(screen.getByTestId('gadgets-columns'))
    const choice = await screen.findByTestId('gadgets-columns-choice')
    await userEvent.click(within(choice).getByRole('checkbox', { name: 'Price' }))
    await waitFor(() => expect(headers()).not.toContain('Price'))
    cleanup()

    await renderGadgets('/gadgets')
    await screen.findByText('Alpha')
    expect(headers()).not.toContain('Price')
    cleanup()

    signedIn('bob')
    await renderGadgets('/gadgets')
    await screen.findByText('Alpha')
    expect(headers()).toContain('Price')
  })

  it('wraps text in its column (a few lines at most) and gives the whole on hover', async () => {
    setPermissions(['list-gadgets'])
    await renderGadgets('/gadgets')
    const name = await screen.findByText('Alpha')
    expect(name.getAttribute('title')).toBe('Alpha')
    expect(name.style.whiteSpace).toBe('normal')
    expect(name.style.overflow).toBe('hidden')
  })
})
