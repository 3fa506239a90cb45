import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, Card, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Period } from '../../api/analytics.ts'
import { ApiError } from '../../api/http.ts'
import { useCan } from '../../stores/permission.ts'
import { closedMonthsOf, formatMonth } from './closed-months.ts'
import { restatementsOfView, restatementsQuery } from './queries.ts'
import { RestatementsTable } from './RestatementsTable.tsx'
import type { AnalyticsView } from './view.ts'

/**
 * What changed the figures of the period's closed months since they closed (docs/analytics.md "Closed months
 * and restatements"), for the screen's period and channel: which of its months are closed, and each change
 * of their figures, or one line that there was none. Read with the company revenue's permission; without it
 * (taken away since the screen opened: a 403), the section is left out rather than shown as a fault.
 */
export default function Restatements({ view, period }: { view: AnalyticsView; period: Period }) {
  const { t, i18n } = useTranslation()
  // The call's own permission, whatever screen shows it.
  const allowed = useCan('list', 'daily-revenue')
  const answer = useQuery({
    ...restatementsQuery(restatementsOfView(view, period)),
    enabled: allowed,
    placeholderData: keepPreviousData,
  })
  if (!allowed || (answer.error instanceof ApiError && answer.error.status === 403)) return null
  const month = (day: string) => formatMonth(day, i18n.language)
  const data = answer.data
  const open = data?.meta.closed_before ?? null
  const closed = data ? closedMonthsOf(data.meta, open) : []
  const [first, last] = [closed[0], closed.at(-1)]
  const closedText =
    first === undefined || last === undefined
      ? null
      : first === last
        ? month(first)
        : t('analytics.restatements.monthRange', { first: month(first), last: month(last) })
  const note =
    open === null
      ? null
      : closedText === null
        ? t('analytics.restatements.noneClosedInPeriod', { open: month(open) })
        : t('analytics.restatements.closed', { months: closedText, open: month(open) })
  // Without entries, one line: that no month is closed yet, or that the period's closed ones kept their figures.
  const none =
    open === null
      ? t('analytics.restatements.noneClosed')
      : closedText === null
        ? null
        : t('analytics.restatements.unchanged')
  const muted = (testId: string, text: string) => (
    <Typography.Text type="secondary" data-testid={testId}>
      {text}
    </Typography.Text>
  )
  return (
    <Card size="small" title={t('analytics.restatements.title')} data-testid="restatements">
      {answer.error && <Alert type="error" showIcon title={answer.error.message} />}
      {data && (
        <Space direction="vertical" size="small" style={{ width: '100%' }}>
          {note && muted('restatements-closed', note)}
          {data.data.length > 0 ? (
            <RestatementsTable entries={data.data} />
          ) : (
            none && muted('restatements-none', none)
          )}
        </Space>
      )}
    </Card>
  )
}
