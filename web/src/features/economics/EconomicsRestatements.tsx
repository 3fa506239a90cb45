import { useQuery } from '@tanstack/react-query'
import { type EconomicsRestatement, economicsRestatedLabels } from '@vod/contract/economics'
import { useTranslation } from 'react-i18next'
import type { Period } from '../../api/analytics.ts'
import { ApiError } from '../../api/http.ts'
import { formatMonth } from '../analytics/closed-months.ts'
import { RestatementsCard } from '../analytics/RestatementsCard.tsx'
import { type EconomicsFilters, restatementsQuery } from './queries.ts'

/** An entry's figure by name in the language shown, a retention cohort's with the cohort's month. */
export function useEconomicsLabelOf(): (entry: EconomicsRestatement) => string {
  const { t, i18n } = useTranslation()
  return (entry) => {
    const figure = economicsRestatedLabels[entry.figure][i18n.language === 'zh-cn' ? 1 : 0]
    return entry.cohort === null
      ? figure
      : t('economics.cohortFigure', { figure, cohort: formatMonth(entry.cohort, i18n.language) })
  }
}

/**
 * What changed the subscription economics of the period's closed months since they closed (docs/analytics.md
 * "Restatements of subscription economics"), in the screen's scope. They are kept for all, one channel, one
 * campaign or one plan across every channel: a plan within a channel (chosen, or a channel admin's) is said so.
 */
export function EconomicsRestatements({ query }: { query: Period & EconomicsFilters }) {
  const { t } = useTranslation()
  const labelOf = useEconomicsLabelOf()
  const planWithin =
    query.plan_id !== undefined && (query.channel_id !== undefined || query.campaign_id !== undefined)
  const answer = useQuery({ ...restatementsQuery(query), enabled: !planWithin })
  const refused = answer.error instanceof ApiError && answer.error.status === 422
  return (
    <RestatementsCard
      answer={answer}
      labelOf={labelOf}
      instead={planWithin || refused ? t('economics.restatementsOneScope') : undefined}
    />
  )
}
