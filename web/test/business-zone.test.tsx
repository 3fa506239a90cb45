import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { setBusinessZone } from '../src/base/business-zone.ts'
import { filterFields } from '../src/components/resource/fields.ts'
import { formatDateTime, timeZoneLabel } from '../src/components/resource/format.ts'
import { ListFilters } from '../src/components/resource/ListFilters.tsx'
import { orders } from '../src/resources/orders/index.tsx'
import { useApp } from '../src/stores/app.ts'

afterEach(() => {
  cleanup()
  setBusinessZone('UTC')
})

/** Issue 58, item 3: one day everywhere, the business zone's, whatever zone the browser is in. */
describe('times and day filters in the business zone', () => {
  it("shows times on the business zone's clock and names it", () => {
    setBusinessZone('Asia/Shanghai')
    expect(formatDateTime('2026-09-30T16:30:00.000Z')).toBe('2026-10-01 00:30:00')
    expect(timeZoneLabel(new Date('2026-10-01T00:00:00Z'))).toBe('UTC+08:00 Asia/Shanghai')
    setBusinessZone('America/New_York')
    expect(formatDateTime('2026-07-01T03:00:00.000Z')).toBe('2026-06-30 23:00:00')
    expect(timeZoneLabel(new Date('2026-07-01T00:00:00Z'))).toBe('UTC-04:00 America/New_York')
    setBusinessZone('UTC')
    expect(timeZoneLabel()).toBe('UTC+00:00')
  })

  it('sends days chosen in an instant filter as days, and names the zone they are counted in', () => {
    setBusinessZone('Asia/Shanghai')
    act(() => useApp.getState().setLanguage('en'))
    const paidAt = filterFields(orders.contract).filter((filter) => filter.name === 'paid_at')
    const changes: Record<string, string>[] = []
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ListFilters
          labels="orders"
          testId="t"
          filters={paidAt}
          values={{}}
          onChange={(change) => changes.push(change)}
        />
      </QueryClientProvider>,
    )
    const filter = screen.getByTestId('t-filter-paid_at')
    expect(filter.textContent).toContain('Asia/Shanghai')
    const [start, end] = filter.querySelectorAll('input')
    for (const [input, day] of [
      [start, '2026-10-01'],
      [end, '2026-10-31'],
    ] as const) {
      fireEvent.mouseDown(input as Element)
      fireEvent.change(input as Element, { target: { value: day } })
      fireEvent.keyDown(input as Element, { key: 'Enter', code: 'Enter' })
    }
    expect(changes.at(-1)).toEqual({ paid_at_from: '2026-10-01', paid_at_to: '2026-10-31' })
  })
})
