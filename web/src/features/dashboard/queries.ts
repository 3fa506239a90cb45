import type { Dashboard, Period } from '../../api/analytics.ts'
import { http } from '../../api/http.ts'
import { type Call, queryOf } from '../../base/early-data.ts'

/**
 * The dashboard's calls: the screen (DashboardPage.tsx) reads them as TanStack Query options and the route
 * prefetch (app/route-prefetch.ts) starts them as the route matches, under the same keys, so the live
 * panels' figures are on their way while the screen's code loads. Fresh for a few seconds, so the screen does
 * not ask again what it just got.
 */
export const liveCall: Call<Dashboard & { fresh_as_of: string | null }> = {
  key: ['dashboard', 'live'],
  run: (options) =>
    http
      .get<{ data: Dashboard; fresh_as_of: string | null }>('/dashboard', options)
      .then((answer) => ({ ...answer.data, fresh_as_of: answer.fresh_as_of })),
}

export const liveQuery = queryOf(liveCall, 5_000)

/**
 * A period's figures (`/dashboard/revenueTrend`, `/dashboard/channelList`...), asked after the live ones: the
 * last 30 days unless a period of business days is given (the dashboard's picker: this month, last month).
 */
const periodCall = <T>(path: string, period?: Period): Call<T> => ({
  key: period ? ['dashboard', path, period.start_date, period.end_date] : ['dashboard', path],
  run: (options) => http.get<T>(path, { ...options, ...(period && { query: { ...period } }) }),
})

export const periodQuery = <T>(path: string, period?: Period) => queryOf(periodCall<T>(path, period), 30_000)
