import type { Dashboard } from '../../api/analytics.ts'
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

/** The last 30 days' figures (`/dashboard/revenueTrend`, `/dashboard/channelList`...), asked after the live ones. */
const periodCall = <T>(path: string): Call<T> => ({
  key: ['dashboard', path],
  run: (options) => http.get<T>(path, options),
})

export const periodQuery = <T>(path: string) => queryOf(periodCall<T>(path), 30_000)
