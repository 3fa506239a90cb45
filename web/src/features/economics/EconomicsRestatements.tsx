import { useQuery } from '@tanstack/react-query'
import { movementLabels } from '@vod/contract/economics'
import { useTranslation } from 'react-i18next'
import type { Period } from '../../api/analytics.ts'
import { ApiError } from '../../api/http.ts'
import { RestatementsCard } from '../analytics/RestatementsCard.tsx'
import { type EconomicsFilters, restatementsQuery } from './queries.ts'

/**
 * What changed the subscription economics of the period's closed months since they closed (docs/analytics.md
 * "Restatements of subscription economics"), in the screen's scope. They are kept for all, one channel, one
 * campaign or one plan across every channel: a plan within a channel (chosen, or a channel admin's) is said so.
 */
export function EconomicsRestatements({ query }: { query: Period & EconomicsFilters }) {
  const { t, i18n } = useTranslation()
  const planWithin =
    query.plan_id !== undefined && (query.channel_id !== undefined || query.campaign_id !== undefined)
  const answer = useQuery({ ...restatementsQuery(query), enabled: !planWithin })
  const refused = answer.error instanceof ApiError && answer.error.status === 422
  return (
    <RestatementsCard
      answer={answer}
      labelOf={(figure) => movementLabels[figure][i18n.language === 'zh-cn' ? 1 : 0]}
      instead={planWithin || refused ? t('economics.restatementsOneScope') : undefined}
    />
  )
}
