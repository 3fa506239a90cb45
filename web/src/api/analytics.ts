import type { DailyFigures, Figures } from '@vod/contract/resources/analytics'
import { http, type Query } from './http.ts'
import { download } from './transfer.ts'

export type { DailyFigures, Figures }

/** A period of business days, both included (`YYYY-MM-DD`). */
export interface Period {
  start_date: string
  end_date: string
}

export interface PeriodMeta extends Period {
  time_zone: string
}

export interface DailySeries {
  data: DailyFigures[]
  meta: PeriodMeta & { totals: Figures }
}

export type Split = Figures & {
  channel_id: number | null
  channel_name: string | null
  campaign_id?: number | null
  campaign_name?: string | null
}

export interface Compared<T> {
  today: T
  yesterday: T
  last_week: T
}

export interface Dashboard {
  time_zone: string
  date: string
  as_of: string
  online_now: number
  gross: Compared<string>
  fees: Compared<string>
  refunds: Compared<string>
  chargebacks: Compared<string>
  net: Compared<string>
  orders: Compared<number>
  signups: Compared<number>
  new_subscriptions: Compared<number>
}

export interface PlanRow {
  plan_id: number
  plan_name: string
  orders: number
  gross: string
  fees: string
  refunds: string
  chargebacks: string
  net: string
  new_subscriptions: number
}

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
