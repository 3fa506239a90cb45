import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { presetPeriod } from '@vod/contract/periods'
import { afterEach, describe, expect, it } from 'vitest'
import { setBusinessZone } from '../src/base/business-zone.ts'
import { languages } from '../src/base/language.ts'
import { filterFields } from '../src/components/resource/fields.ts'
import { ListFilters } from '../src/components/resource/ListFilters.tsx'
import { i18n } from '../src/i18n/index.ts'
import { resources } from '../src/resources/index.ts'
import { useApp } from '../src/stores/app.ts'

afterEach(cleanup)

// Every list's date ranges, each with both ends chosen: the placeholders are gone then.
const ranges = resources.flatMap((resource) =>
  filterFields(resource.contract)
    .filter((filter) => filter.range && (filter.info.kind === 'day' || filter.info.kind === 'instant'))
    .map((filter) => ({ resource, filter })),
)

describe('every date filter says what it filters', () => {
  it('covers the lists the walkthrough named', () => {
    const named = ranges.map(({ resource, filter }) => `${resource.name}.${filter.name}`)
    expect(named).toEqual(
      expect.arrayContaining([
        'users.created_at',
        'users.start_date',
        'users.end_date',
        'orders.paid_at',
        'posts.published_at',
        'segpay-payout-reports.period_start',
        'subscriptions.ended_at',
      ]),
    )
  })

  it.each(languages)(
    'names its field in sight with dates chosen, each range of a list differently (%s)',
    (language) => {
      act(() => useApp.getState().setLanguage(language))
      const t = i18n.getFixedT(language)
      for (const resource of resources) {
        const own = ranges.filter((range) => range.resource === resource).map((range) => range.filter)
        if (own.length === 0) continue
        const values = Object.fromEntries(
          own.flatMap((filter) => [
            [`${filter.name}_from`, '2026-11-01'],
            [`${filter.name}_to`, '2026-11-20'],
          ]),
        )
        const client = new QueryClient()
        render(
          <QueryClientProvider client={client}>
            <ListFilters
              labels={resource.name}
              testId="t"
              filters={own}
              values={values}
              onChange={() => undefined}
            />
          </QueryClientProvider>,
        )
        const shown = own.map((filter) => {
          const text = screen.getByTestId(`t-filter-${filter.name}`).textContent ?? ''
          const label = t([`${resource.name}.fields.${filter.name}`, `resource.fields.${filter.name}`])
          expect(text, `${resource.name}.${filter.name}`).toContain(label)
          return label
        })
        expect(new Set(shown).size, resource.name).toBe(shown.length)
        cleanup()
      }
    },
  )
})

describe('a typed range of days', () => {
  it('keeps the typed start when the list shows again before the end is typed', () => {
    const orders = ranges.find(({ filter }) => filter.name === 'paid_at')
    if (!orders) throw new Error('the orders list has no paid_at range')
    const changes: Record<string, string>[] = []
    const view = () => (
      <QueryClientProvider client={new QueryClient()}>
        <ListFilters
          labels={orders.resource.name}
          testId="t"
          filters={[orders.filter]}
          values={{}}
          onChange={(change) => changes.push(change)}
        />
      </QueryClientProvider>
    )
    const { rerender } = render(view())
    const [start, end] = screen.getByTestId('t-filter-paid_at').querySelectorAll('input')
    if (!start || !end) throw new Error('the range has no two inputs')
    fireEvent.mouseDown(start)
    fireEvent.focus(start)
    fireEvent.change(start, { target: { value: '2026-10-01' } })
    fireEvent.keyDown(start, { key: 'Enter' })
    // The list shows again (its rows arrived) with the same filter values, the end not typed yet.
    rerender(view())
    fireEvent.focus(end)
    fireEvent.change(end, { target: { value: '2026-10-31' } })
    fireEvent.keyDown(end, { key: 'Enter' })
    expect(changes.at(-1)).toEqual({ paid_at_from: '2026-10-01', paid_at_to: '2026-10-31' })
  })
})

describe("a range's quick options", () => {
  it("offers this month and last month, the business zone's, on every list's date filter", async () => {
    const orders = ranges.find(({ filter }) => filter.name === 'paid_at')
    if (!orders) throw new Error('the orders list has no paid_at range')
    act(() => useApp.getState().setLanguage('en'))
    // Far east of UTC, where the business month may have turned before the browser's.
    setBusinessZone('Pacific/Kiritimati')
    try {
      const changes: Record<string, string>[] = []
      render(
        <QueryClientProvider client={new QueryClient()}>
          <ListFilters
            labels={orders.resource.name}
            testId="t"
            filters={[orders.filter]}
            values={{}}
            onChange={(change) => changes.push(change)}
          />
        </QueryClientProvider>,
      )
      const [start] = screen.getByTestId('t-filter-paid_at').querySelectorAll('input')
      if (!start) throw new Error('the range has no inputs')
      fireEvent.mouseDown(start)
      fireEvent.focus(start)
      fireEvent.click(start)
      fireEvent.click(await screen.findByText('Last month'))
      const expected = presetPeriod('lastMonth', 'Pacific/Kiritimati')
      expect(changes.at(-1)).toEqual({ paid_at_from: expected.start_date, paid_at_to: expected.end_date })
      expect(screen.getByText('This month')).toBeTruthy()
    } finally {
      setBusinessZone('UTC')
    }
  })
})
