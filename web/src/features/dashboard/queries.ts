import { analyticsApi } from '../../api/analytics.ts'

/**
 * The dashboard's calls as TanStack Query options: the screen (DashboardPage.tsx) reads them and the route
 * prefetch (app/route-queries.ts) starts them as the route matches, under the same keys, so the live panels'
 * figures are on their way while the screen's code loads. Fresh for a few seconds, so the screen does not ask
 * again what the prefetch just got.
 */
export const liveQuery = {
  queryKey: ['dashboard', 'live'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => analyticsApi.dashboard(signal),
  staleTime: 5_000,
}

/** The last 30 days' figures (`/dashboard/revenueTrend`, `/dashboard/channelList`...), asked after the live ones. */
export const periodQuery = <T>(path: string) => ({
  queryKey: ['dashboard', path] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => analyticsApi.get<T>(path, {}, signal),
  staleTime: 30_000,
})

export const periodPaths = [
  '/dashboard/revenueTrend',
  '/dashboard/channelList',
  '/dashboard/planList',
  '/dashboard/devices',
] as const
