import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { timeZoneLabel } from '../src/components/resource/format.ts'
import { setPermissions } from '../src/stores/permission.ts'
import { renderGadgets, serveGadgetScreens } from './gadgets-render.tsx'

const api = serveGadgetScreens()

describe('a list with money, as finance reads it (the gadgets fixture: price totals, created_at times)', () => {
  it('totals every matching row from the server, exact, with the currency beside each amount', async () => {
    setPermissions(['list-gadgets'])
    const router = await renderGadgets('/gadgets')
    await screen.findByText('Alpha')
    const totals = await screen.findByTestId('gadgets-totals')
    await waitFor(() =>
      expect(within(totals).getByTestId('gadgets-total-price').textContent).toBe('USD 30.50'),
    )
    expect(totals.textContent).toContain('Total of 2 matching')
    const alpha = screen.getByText('Alpha').closest('tr') as HTMLElement
    expect(alpha.textContent).toContain('USD 10.00')
    // The totals follow the filters: the server is asked with them.
    await router.navigate('/gadgets?price_from=15')
    await waitFor(() =>
      expect(
        within(screen.getByTestId('gadgets-totals')).getByTestId('gadgets-total-price').textContent,
      ).toBe('USD 20.50'),
    )
    expect(api.requests('GET', '/api/gadgets/totals').at(-1)?.query.get('price_from')).toBe('15')
  })

  it('names the time zone of the times it shows', async () => {
    setPermissions(['list-gadgets'])
    await renderGadgets('/gadgets/1')
    const detail = await screen.findByTestId('gadgets-detail')
    await waitFor(() => expect(detail.textContent).toContain(`Created (${timeZoneLabel()})`))
    expect(timeZoneLabel(new Date('2026-01-01T00:00:00Z'))).toMatch(/^UTC[+-]\d\d:\d\d/)
  })
})
