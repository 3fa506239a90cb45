import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { Period } from '../../api/analytics.ts'
import { ApiError } from '../../api/http.ts'
import { useCan } from '../../stores/permission.ts'
import { restatementsOfView, restatementsQuery } from './queries.ts'
import { RestatementsCard } from './RestatementsCard.tsx'
import type { AnalyticsView } from './view.ts'

/**
 * What changed the kept figures of the period's closed months since they closed, for the screen's period and
 * channel (RestatementsCard). Read with the company revenue's permission; without it (taken away since the
 * screen opened: a 403), the section is left out rather than shown as a fault.
 */
export default function Restatements({ view, period }: { view: AnalyticsView; period: Period }) {
  const { t } = useTranslation()
  // The call's own permission, whatever screen shows it.
  const allowed = useCan('list', 'daily-revenue')
  const answer = useQuery({
    ...restatementsQuery(restatementsOfView(view, period)),
    enabled: allowed,
    placeholderData: keepPreviousData,
  })
  if (!allowed || (answer.error instanceof ApiError && answer.error.status === 403)) return null
  return <RestatementsCard answer={answer} labelOf={(entry) => t(`analytics.figures.${entry.figure}`)} />
}
