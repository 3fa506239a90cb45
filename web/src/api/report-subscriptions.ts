import type { ListResponse } from '@vod/contract/lists'
import type {
  ReportSubscription,
  ReportSubscriptionInput,
} from '@vod/contract/resources/report-subscriptions'
import { http } from './http.ts'

export type { ReportSubscription, ReportSubscriptionInput }

/** `/report-subscriptions`: reports by e-mail (docs/analytics.md "Reports by e-mail"). */
export const reportSubscriptionsApi = {
  /** The caller's own, every one on a page (an admin holds at most REPORT_SUBSCRIPTION_LIMIT). */
  mine: (signal?: AbortSignal) =>
    http.get<ListResponse<ReportSubscription>>('/report-subscriptions', { query: { per_page: 100 }, signal }),
  /** Everyone's, for who may list admins. */
  all: (page: number, signal?: AbortSignal) =>
    http.get<ListResponse<ReportSubscription>>('/report-subscriptions/all', {
      query: { page, per_page: 20 },
      signal,
    }),
  subscribe: (input: ReportSubscriptionInput) =>
    http.post<{ data: ReportSubscription }>('/report-subscriptions', { body: input }).then((a) => a.data),
  cancel: (id: number) => http.delete(`/report-subscriptions/${id}`),
}
