import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type {
  churnAnswer,
  cohortsAnswer,
  conversionAnswer,
  economicsRestatementsAnswer,
  movementsAnswer,
} from '@vod/contract/economics'
import type { z } from 'zod'
import type { Period } from '../../api/analytics.ts'
import { http } from '../../api/http.ts'

export type Movements = z.infer<typeof movementsAnswer>
export type MovementRow = Movements['data'][number]
export type Churn = z.infer<typeof churnAnswer>
export type Cohorts = z.infer<typeof cohortsAnswer>
export type Conversion = z.infer<typeof conversionAnswer>
export type EconomicsRestatements = z.infer<typeof economicsRestatementsAnswer>

/** One channel, campaign or plan, or none of them: the subscriptions the figures count. */
export interface EconomicsFilters {
  channel_id?: number
  campaign_id?: number
  plan_id?: number
}

/** Fresh for a while, as the other analytics screens' answers (features/analytics/queries.ts). */
const STALE_MS = 30_000

const economicsQuery = <T>(call: string, query: Period & EconomicsFilters & { by?: 'day' | 'month' }) =>
  queryOptions({
    queryKey: ['analytics', `/analytics/subscriptions/${call}`, query],
    queryFn: ({ signal }) => http.get<T>(`/analytics/subscriptions/${call}`, { query: { ...query }, signal }),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  })

export const movementsQuery = (query: Period & EconomicsFilters & { by: 'day' | 'month' }) =>
  economicsQuery<Movements>('movements', query)
export const churnQuery = (query: Period & EconomicsFilters) => economicsQuery<Churn>('churn', query)
export const cohortsQuery = (query: Period & EconomicsFilters) => economicsQuery<Cohorts>('cohorts', query)
export const conversionQuery = (query: Period & EconomicsFilters) =>
  economicsQuery<Conversion>('conversion', query)
export const restatementsQuery = (query: Period & EconomicsFilters) =>
  economicsQuery<EconomicsRestatements>('restatements', query)

/** The movements table's CSV (server/src/modules/economics/export.ts), the same parameters. */
export const MOVEMENTS_EXPORT = '/analytics/subscriptions/movements/exportCsv'
