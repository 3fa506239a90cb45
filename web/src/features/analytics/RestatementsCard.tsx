import type { UseQueryResult } from '@tanstack/react-query'
import { Alert, Card, Space, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { closedMonthsOf, formatMonth } from './closed-months.ts'
import { type RestatementEntry, RestatementsTable } from './RestatementsTable.tsx'

/** An answer of either restatements call: its entries, the period asked and the first month still open. */
export interface RestatementsOf<Entry extends RestatementEntry> {
  data: Entry[]
  meta: { start_date: string; end_date: string; closed_before: string | null }
}

const muted = (testId: string, text: string) => (
  <Typography.Text type="secondary" data-testid={testId}>
    {text}
  </Typography.Text>
)

/**
 * What changed the figures of a period's closed months since they closed (docs/analytics.md "Closed months
 * and restatements"): which of its months are closed, and each change of their figures (named by `labelOf`),
 * or one line that there was none; `instead`, when given, is said in place of the answer.
 */
export function RestatementsCard<Entry extends RestatementEntry>({
  answer,
  labelOf,
  instead,
}: {
  answer: UseQueryResult<RestatementsOf<Entry>>
  labelOf: (entry: Entry) => string
  instead?: string | undefined
}): ReactNode {
  const { t, i18n } = useTranslation()
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
  return (
    <Card size="small" title={t('analytics.restatements.title')} data-testid="restatements">
      {instead !== undefined ? (
        muted('restatements-instead', instead)
      ) : (
        <>
          {answer.error && <Alert type="error" showIcon title={answer.error.message} />}
          {data && (
            <Space direction="vertical" size="small" style={{ width: '100%' }}>
              {note && muted('restatements-closed', note)}
              {data.data.length > 0 ? (
                <RestatementsTable entries={data.data} labelOf={labelOf} />
              ) : (
                none && muted('restatements-none', none)
              )}
            </Space>
          )}
        </>
      )}
    </Card>
  )
}
