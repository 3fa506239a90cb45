import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import type { Restatement } from '@vod/contract/restatements'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RestatementsAnswer } from '../src/api/analytics.ts'
import { ApiError, http } from '../src/api/http.ts'
import { analyticsLocale } from '../src/features/analytics/locale.ts'
import Restatements from '../src/features/analytics/Restatements.tsx'
import type { AnalyticsView } from '../src/features/analytics/view.ts'
import { addLocales } from '../src/i18n/index.ts'
import { useApp } from '../src/stores/app.ts'
import { clearPermissions, setPermissions } from '../src/stores/permission.ts'

/**
 * The revenue screen's restatements (issue 66, item 3): each change of a closed month's figure reads its
 * month, figure, values before and after and the change between, exactly, in either language; a period
 * whose closed months never changed says so in one line, and a reader the server turns away sees nothing.
 */
beforeAll(() => addLocales({ analytics: analyticsLocale }))
beforeEach(() => {
  setPermissions(['list-daily-revenue'])
  act(() => useApp.getState().setLanguage('en'))
})
afterEach(() => {
  cleanup()
  clearPermissions()
  vi.restoreAllMocks()
})

const period = { start_date: '2026-08-01', end_date: '2026-11-15' }
const view: AnalyticsView = { preset: null, range: period, channel: 3, campaign: null, plan: null }

const answer = (data: Restatement[], closed_before: string | null = '2026-11-01'): RestatementsAnswer => ({
  data,
  meta: { ...period, time_zone: 'UTC', closed_before },
  fresh_as_of: null,
})

const gross: Restatement = {
  figure: 'gross',
  unit: 'money',
  month: '2026-10-01',
  channel_id: null,
  campaign_id: null,
  plan_id: null,
  source: 'order_events',
  // Past a float's exact cents: shown as the server wrote it, never through Number.
  before: '90071992547409.99',
  after: '90071992547409.92',
  change: '-0.07',
  noted_at: '2026-11-02T09:15:00.000Z',
}
const orders: Restatement = {
  ...gross,
  figure: 'orders',
  unit: 'count',
  month: '2026-09-01',
  channel_id: 3,
  source: 'orders',
  before: '1200',
  after: '1201',
  change: '1',
}

function show(found: RestatementsAnswer | Error) {
  const get = vi.spyOn(http, 'get')
  if (found instanceof Error) get.mockRejectedValue(found)
  else get.mockResolvedValue(found)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <Restatements view={view} period={period} />
    </QueryClientProvider>,
  )
  return get
}

const rowCells = async () => {
  const table = await screen.findByTestId('restatements-table')
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )
}

describe("the revenue screen's restatements", () => {
  it("asks for the screen's period and channel, and shows each change exactly, in English", async () => {
    const get = show(answer([gross, orders]))
    expect(await rowCells()).toEqual([
      [
        'October 2026',
        'Gross revenue',
        'All',
        'USD 90,071,992,547,409.99',
        'USD 90,071,992,547,409.92',
        'USD -0.07',
        'Order events',
        '2026-11-02 09:15:00',
      ],
      ['September 2026', 'Orders', '#3', '1,200', '1,201', '+1', 'Orders', '2026-11-02 09:15:00'],
    ])
    expect(get).toHaveBeenCalledWith('/analytics/restatements', {
      query: { ...period, channel_id: 3 },
      signal: expect.anything(),
    })
    expect(screen.getByTestId('restatements-closed').textContent).toBe(
      'Closed in this period: August 2026 to October 2026 (every month before November 2026 is closed).',
    )
  })

  it('shows the same in Chinese', async () => {
    act(() => useApp.getState().setLanguage('zh-cn'))
    show(answer([gross, orders]))
    expect(await rowCells()).toEqual([
      [
        '2026年10月',
        '总收入',
        '全部',
        'USD 90,071,992,547,409.99',
        'USD 90,071,992,547,409.92',
        'USD -0.07',
        '订单事件',
        '2026-11-02 09:15:00',
      ],
      ['2026年9月', '订单数', '#3', '1,200', '1,201', '+1', '订单', '2026-11-02 09:15:00'],
    ])
    expect(screen.getByTestId('restatements-closed').textContent).toBe(
      '本期已关账月份：2026年8月至2026年10月（2026年11月之前的月份均已关账）。',
    )
    expect(screen.getByText('已关账月份的重述')).toBeTruthy()
  })

  it('says in one line that the closed months have not changed, or that none is closed yet', async () => {
    show(answer([]))
    expect((await screen.findByTestId('restatements-none')).textContent).toBe(
      'The closed months of this period have not changed since they closed.',
    )
    expect(screen.queryByTestId('restatements-table')).toBeNull()
    cleanup()
    act(() => useApp.getState().setLanguage('zh-cn'))
    show(answer([]))
    expect((await screen.findByTestId('restatements-none')).textContent).toBe(
      '本期已关账月份自关账以来未发生变动。',
    )
    cleanup()
    show(answer([], null))
    expect((await screen.findByTestId('restatements-none')).textContent).toBe(
      '尚无已关账月份，因此没有重述的数据。',
    )
    expect(screen.queryByTestId('restatements-closed')).toBeNull()
  })

  it('is left out for a reader the server turns away', async () => {
    show(new ApiError(403, 'Forbidden'))
    // Shown while asked, gone once refused.
    expect(screen.getByTestId('restatements')).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('restatements')).toBeNull())
  })
})
