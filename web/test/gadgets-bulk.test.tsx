import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { setPermissions } from '../src/stores/permission.ts'
import { renderGadgets, serveGadgetScreens } from './gadgets-render.tsx'

const api = serveGadgetScreens()

const row = (title: string) => screen.getByText(title).closest('tr') as HTMLElement

describe('bulk actions on any list (the gadgets fixture, against the real server)', () => {
  it('runs an action on the ticked rows and says what happened to each, a refusal with its reason', async () => {
    setPermissions(['list-gadgets'])
    await renderGadgets('/gadgets')
    await screen.findByText('Alpha')
    // Nothing to run in bulk without an action's or delete's permission: no ticks.
    expect(within(row('Alpha')).queryByRole('checkbox')).toBeNull()

    setPermissions(['list-gadgets', 'publish-gadgets'])
    await waitFor(() => expect(within(row('Alpha')).getByRole('checkbox')).toBeTruthy())
    await userEvent.click(within(row('Alpha')).getByRole('checkbox'))
    await userEvent.click(within(row('Beta')).getByRole('checkbox'))
    expect(within(screen.getByTestId('gadgets-selection')).getByText('2 selected')).toBeTruthy()
    await userEvent.click(screen.getByTestId('bulk-publish'))

    const results = await screen.findByTestId('bulk-results')
    const sent = api.requests('POST', '/api/gadgets/bulk/publish')
    expect(sent).toHaveLength(1)
    // Each ticked row goes with the version its list row showed: one changed since is refused alone.
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      ids: [1, 2],
      versions: { 1: expect.stringMatching(/^\d+$/), 2: expect.stringMatching(/^\d+$/) },
    })
    expect(screen.getByText('Publish: 1 done, 1 refused')).toBeTruthy()
    const alpha = within(results).getByText('Alpha').closest('tr') as HTMLElement
    const beta = within(results).getByText('Beta').closest('tr') as HTMLElement
    expect(within(alpha).getByText('Done')).toBeTruthy()
    expect(within(beta).getByText('Refused')).toBeTruthy()
    expect(
      within(beta).getByText('The action publish does not apply while the record is published.'),
    ).toBeTruthy()
    // The list shows the rows as the server left them, the ticks cleared.
    await userEvent.click(screen.getByTestId('bulk-results-close'))
    await waitFor(() => expect(within(row('Alpha')).getByText('Published')).toBeTruthy())
    expect(screen.queryByTestId('gadgets-selection')).toBeNull()
  })
})
