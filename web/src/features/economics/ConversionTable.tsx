import { Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { recordLabel } from '../../components/resource/format.ts'
import { labelFieldOf } from '../../components/resource/registry.ts'
import { useClient, useManyQuery } from '../../components/resource/resource-queries.ts'
import { ScrollRegion } from '../../components/scroll-region/ScrollRegion.tsx'
import { useCan } from '../../stores/permission.ts'
import { percent } from './format.ts'
import type { Conversion } from './queries.ts'

type Plan = Conversion['data'][number]

/** First-period conversion a plan: first periods ended in the period, those renewed, and the share. */
export function ConversionTable({ answer }: { answer: Conversion }) {
  const { t } = useTranslation()
  // The plans' names, for who may read them; their ids otherwise.
  const mayListPlans = useCan('list', 'plans')
  const client = useClient<{ id: number }>('plans')
  const plans = useManyQuery(client, mayListPlans ? answer.data.map((row) => row.plan_id) : [])
  const name = (id: number) => {
    const plan = plans.data?.find((record) => record.id === id)
    return plan ? recordLabel(plan, labelFieldOf('plans')) : `#${id}`
  }
  return (
    <ScrollRegion label={t('economics.conversion')}>
      <Table<Plan>
        size="small"
        tableLayout="auto"
        rowKey="plan_id"
        pagination={false}
        data-testid="conversion-table"
        dataSource={answer.data}
        columns={[
          { key: 'plan', title: t('economics.plan'), render: (_: unknown, row: Plan) => name(row.plan_id) },
          { key: 'due', dataIndex: 'due', title: t('economics.due'), align: 'right' as const },
          {
            key: 'converted',
            dataIndex: 'converted',
            title: t('economics.converted'),
            align: 'right' as const,
          },
          {
            key: 'first_period_conversion',
            title: t('economics.figures.first_period_conversion'),
            align: 'right' as const,
            render: (_: unknown, row: Plan) => percent(row.first_period_conversion),
          },
        ]}
      />
    </ScrollRegion>
  )
}
