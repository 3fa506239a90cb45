import type {
  campaignFigures,
  channelFigures,
  channelsAnswer,
  DailyFigures,
  dailySeriesAnswer,
  dashboardAnswer,
  devicesAnswer,
  PeriodQuery,
  planFiguresAnswer,
} from '@vod/contract/resources/analytics'
import type { restatementsAnswer } from '@vod/contract/restatements'
import type { z } from 'zod'
import { http, type Query } from './http.ts'
import { download } from './transfer.ts'

/** The answers' shapes are the contract's (contract/src/resources/analytics.ts), never written again here. */
export type { DailyFigures }

/** A period of business days, both included (`YYYY-MM-DD`). */
export type Period = PeriodQuery

/** A row a day and the period's totals. */
export type DailySeries = z.infer<typeof dailySeriesAnswer>

/** A row of a split: a channel's figures, and a campaign's when split by campaign. */
export type Split = z.infer<typeof channelFigures> &
  Partial<Pick<z.infer<typeof campaignFigures>, 'campaign_id' | 'campaign_name'>>

/** The dashboard's live panels. */
export type Dashboard = z.infer<typeof dashboardAnswer>['data']

/** A live panel's figure today, yesterday and a week ago at the same time (the contract's keys). */
export type Compared<T> = Record<keyof NonNullable<Dashboard['gross']>, T>

/** The channels' figures of a period. */
export type ChannelsAnswer = z.infer<typeof channelsAnswer>

/** A split's rows (by channel or by campaign) and the period's meta. */
export type SplitAnswer = Omit<ChannelsAnswer, 'data'> & { data: Split[] }

/** The plans' figures of a period, and a plan's. */
export type PlansAnswer = z.infer<typeof planFiguresAnswer>
export type PlanRow = PlansAnswer['data'][number]

/** The restatements of a period's closed months, and which months are closed. */
export type RestatementsAnswer = z.infer<typeof restatementsAnswer>

/** Visits per device of a period. */
export type DevicesAnswer = z.infer<typeof devicesAnswer>

/**
 * The dashboard's and the analytics' calls (spec section 7; docs/analytics.md), by path under /api:
 * `/analytics/channel/records`, `/analytics/channel/3/records`, `/dashboard/revenueTrend`...
 */
export const analyticsApi = {
  get: <T>(path: string, query: Query = {}, signal?: AbortSignal) => http.get<T>(path, { query, signal }),
  dashboard: (signal?: AbortSignal) =>
    http.get<{ data: Dashboard }>('/dashboard', { signal }).then((a) => a.data),
  /** A navigated CSV download (dailyRevenue.csv, dailyChannel.csv). */
  exportCsv: (path: string, query: Query) => download(path, query),
}
