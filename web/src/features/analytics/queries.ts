import { previousPeriod } from '@vod/contract/periods'
import type { RestatementsQuery } from '@vod/contract/restatements'
import type {
  ChannelsAnswer,
  DailySeries,
  Period,
  RestatementsAnswer,
  SplitAnswer,
} from '../../api/analytics.ts'
import { http } from '../../api/http.ts'
import { type Call, queryOf } from '../../base/early-data.ts'
import type { AnalyticsView } from './view.ts'

/**
 * The calls an analytics screen makes: the screen (AnalyticsPage.tsx) reads them as TanStack Query options
 * and the route prefetch (app/route-prefetch.ts) starts them as the route matches, under the same keys, so the
 * screen finds its figures asked for (or answered) when its code arrives. Fresh for a while, so the screen
 * does not ask again what it just got.
 */
const STALE_MS = 30_000

/** Per channel: `/analytics/channel/3/records` for `/analytics/channel/records`. */
export const forChannel = (path: string, channel: number | null) =>
  channel === null ? path : path.replace('/analytics/channel/', `/analytics/channel/${channel}/`)

const seriesCall = (path: string, period: Period): Call<DailySeries> => ({
  key: ['analytics', path, period],
  run: (options) => http.get<DailySeries>(path, { query: { ...period }, ...options }),
})

/** The channels of a period (the channel picker's options). */
const channelsCall = (period: Period): Call<ChannelsAnswer> => ({
  key: ['analytics', 'channels', period],
  run: (options) =>
    http.get<ChannelsAnswer>('/analytics/channel/revenuePieChart', { query: { ...period }, ...options }),
})

const splitCall = (path: string, period: Period): Call<SplitAnswer> => ({
  key: ['analytics', path, period],
  run: (options) => http.get(path, { query: { ...period }, ...options }),
})

const RESTATEMENTS = '/analytics/restatements'

/** What changed the figures of the period's closed months, of one channel or all (docs/analytics.md). */
const restatementsCall = (query: RestatementsQuery): Call<RestatementsAnswer> => ({
  key: ['analytics', RESTATEMENTS, query],
  run: (options) => http.get<RestatementsAnswer>(RESTATEMENTS, { query: { ...query }, ...options }),
})

/** A period and the screen's channel as the restatements call takes them (no channel: all of the caller's). */
export const restatementsOfView = (view: AnalyticsView, period: Period): RestatementsQuery => ({
  ...period,
  ...(view.channel === null ? {} : { channel_id: view.channel }),
})

export const seriesQuery = (path: string, period: Period) => queryOf(seriesCall(path, period), STALE_MS)
export const channelsQuery = (period: Period) => queryOf(channelsCall(period), STALE_MS)
export const splitQuery = (path: string, period: Period) => queryOf(splitCall(path, period), STALE_MS)
export const restatementsQuery = (query: RestatementsQuery) => queryOf(restatementsCall(query), STALE_MS)

/** What of an analytics screen (AnalyticsPage.tsx) says which calls it makes. */
interface ScreenCalls {
  series?: string
  channelPicker?: boolean
  split?: { path: string }
  restatements?: boolean
}

/** Every call a screen makes for a view in a period, first figures first (for the route prefetch). */
export function screenCalls(screen: ScreenCalls, view: AnalyticsView, period: Period): Call<unknown>[] {
  const calls: Call<unknown>[] = []
  if (screen.series) {
    const path = forChannel(screen.series, view.channel)
    calls.push(seriesCall(path, period), seriesCall(path, previousPeriod(period)))
  }
  if (screen.channelPicker) calls.push(channelsCall(period))
  if (screen.split) calls.push(splitCall(forChannel(screen.split.path, view.channel), period))
  if (screen.restatements) calls.push(restatementsCall(restatementsOfView(view, period)))
  return calls
}
