import type { QueryClient } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { analyticsApi, type DailySeries, type Period, type Split } from '../../api/analytics.ts'
import type { AnalyticsView } from './view.ts'

/**
 * The calls an analytics screen makes, as TanStack Query options: the screen (AnalyticsPage.tsx) reads them
 * and the route prefetch (app/route-queries.ts) starts them as the route matches, with the same keys, so the
 * screen finds its figures asked for (or answered) when its code arrives. Fresh for a while, so the screen
 * does not ask again what the prefetch just got.
 */
const STALE_MS = 30_000

/** Per channel: `/analytics/channel/3/records` for `/analytics/channel/records`. */
export const forChannel = (path: string, channel: number | null) =>
  channel === null ? path : path.replace('/analytics/channel/', `/analytics/channel/${channel}/`)

/** The period of the same length just before, for the comparison under each figure. */
export function periodBefore(period: Period): Period {
  const days = dayjs(period.end_date).diff(dayjs(period.start_date), 'day') + 1
  return {
    start_date: dayjs(period.start_date).subtract(days, 'day').format('YYYY-MM-DD'),
    end_date: dayjs(period.start_date).subtract(1, 'day').format('YYYY-MM-DD'),
  }
}

export const seriesQuery = (path: string, period: Period) => ({
  queryKey: ['analytics', path, period] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    analyticsApi.get<DailySeries>(path, { ...period }, signal),
  staleTime: STALE_MS,
})

/** The channels of a period (the channel picker's options). */
export const channelsQuery = (period: Period) => ({
  queryKey: ['analytics', 'channels', period] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    analyticsApi.get<{ data: Split[] }>('/analytics/channel/revenuePieChart', { ...period }, signal),
  staleTime: STALE_MS,
})

export const splitQuery = (path: string, period: Period) => ({
  queryKey: ['analytics', path, period] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    analyticsApi.get<{ data: Split[]; meta: { time_zone: string } }>(path, { ...period }, signal),
  staleTime: STALE_MS,
})

/** What of an analytics screen (AnalyticsPage.tsx) says which calls it makes. */
interface ScreenCalls {
  series?: string
  channelPicker?: boolean
  split?: { path: string }
}

/** Asks for every call a screen makes for a view in a period, first figures first (the route prefetch). */
export function prefetchScreen(
  client: QueryClient,
  screen: ScreenCalls,
  view: AnalyticsView,
  period: Period,
) {
  if (screen.series) {
    const path = forChannel(screen.series, view.channel)
    void client.prefetchQuery(seriesQuery(path, period))
    void client.prefetchQuery(seriesQuery(path, periodBefore(period)))
  }
  if (screen.channelPicker) void client.prefetchQuery(channelsQuery(period))
  if (screen.split) void client.prefetchQuery(splitQuery(forChannel(screen.split.path, view.channel), period))
}
