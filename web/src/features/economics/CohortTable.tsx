import { Segmented, Table } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ScrollRegion } from '../../components/scroll-region/ScrollRegion.tsx'
import { percent, useMoney } from './format.ts'
import type { Cohorts } from './queries.ts'

type Cohort = Cohorts['data'][number]
type Kept = 'logo_retention' | 'revenue_retention'

/** A share's cell shaded by how much is kept: the deeper the blue, the more; dark text stays readable on it. */
const shade = (value: string | null | undefined) =>
  value === null || value === undefined
    ? {}
    : { background: `rgba(22, 119, 255, ${(Number(value) * 0.55).toFixed(3)})`, color: 'rgba(0, 0, 0, 0.88)' }

/**
 * The cohort triangle: a row a cohort (members by the month of their first paying day), a column a month
 * after it, each cell the share still paying (members) or the share of its first month's MRR kept (revenue),
 * shaded as a heat map. Revenue is offered only to a role that may read MRR.
 */
export function CohortTable({ answer, mrrShown }: { answer: Cohorts; mrrShown: boolean }) {
  const { t } = useTranslation()
  const money = useMoney()
  const [kept, setKept] = useState<Kept>('logo_retention')
  const shown: Kept = mrrShown ? kept : 'logo_retention'
  const width = Math.max(0, ...answer.data.map((cohort) => cohort.months.length))
  const title = `${t('economics.cohorts')} · ${t(`economics.figures.${shown}`)}`
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, minWidth: 0 }}>
      {mrrShown && (
        <Segmented<Kept>
          aria-label={t('economics.cohorts')}
          value={kept}
          onChange={setKept}
          options={[
            { value: 'logo_retention', label: t('economics.logo') },
            { value: 'revenue_retention', label: t('economics.revenue') },
          ]}
        />
      )}
      <ScrollRegion label={title}>
        <Table<Cohort>
          size="small"
          tableLayout="auto"
          rowKey="cohort"
          pagination={false}
          data-testid="cohort-table"
          title={() => title}
          dataSource={answer.data}
          columns={[
            { key: 'cohort', dataIndex: 'cohort', title: t('economics.cohort') },
            {
              key: 'members',
              title: shown === 'logo_retention' ? t('economics.cohortSize') : t('economics.figures.mrr'),
              align: 'right' as const,
              render: (_: unknown, cohort: Cohort) =>
                shown === 'logo_retention' ? cohort.members : money(cohort.mrr),
            },
            ...Array.from({ length: width }, (_, n) => ({
              key: `m${n}`,
              title: t('economics.monthAfter', { n }),
              align: 'right' as const,
              onCell: (cohort: Cohort) => ({ style: shade(cohort.months[n]?.[shown]) }),
              render: (_: unknown, cohort: Cohort) => {
                const month = cohort.months[n]
                return month ? percent(month[shown]) : ''
              },
            })),
          ]}
        />
      </ScrollRegion>
    </div>
  )
}
