import { movementColumns, movementLabels, mrrKeys } from '@vod/contract/economics'
import { Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { ScrollRegion } from '../../components/scroll-region/ScrollRegion.tsx'
import { useMoney } from './format.ts'
import type { MovementRow, Movements } from './queries.ts'

type Column = (typeof movementColumns)[number]
const mrr: ReadonlySet<string> = new Set(mrrKeys)
const moneyColumns = movementColumns.filter((column) => mrr.has(column))
const memberColumns = movementColumns.filter((column) => column.endsWith('_members'))

/** A row's period as the table names it: the month (2026-10) or the day. */
export const periodLabel = (row: Pick<MovementRow, 'start_date'>, by: 'day' | 'month') =>
  by === 'month' ? row.start_date.slice(0, 7) : row.start_date

/**
 * The reconciliation a period: opening MRR, the five movements and closing MRR in one table (each row adds
 * up), the members behind them in another, the range's totals last. A role that may not read MRR gets the
 * members' table only.
 */
export function MovementsTables({ answer, mrrShown }: { answer: Movements; mrrShown: boolean }) {
  const { t, i18n } = useTranslation()
  const money = useMoney()
  const by = answer.meta.by
  const labelOf = (column: Column) => movementLabels[column][i18n.language === 'zh-cn' ? 1 : 0]
  const groups: { columns: Column[]; title: string; testId: string }[] = [
    ...(mrrShown
      ? [{ columns: moneyColumns, title: t('economics.reconcile'), testId: 'movements-table' }]
      : []),
    { columns: memberColumns, title: t('economics.members'), testId: 'movements-members' },
  ]
  const show = (column: Column, value: unknown) =>
    mrr.has(column) ? money(value as string | undefined) : String(value ?? '-')
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 }}>
      {groups.map((group) => (
        <ScrollRegion key={group.testId} label={group.title}>
          <Table<MovementRow>
            size="small"
            tableLayout="auto"
            rowKey={(row) => row.start_date}
            pagination={{ pageSize: 31, hideOnSinglePage: true, size: 'small', showSizeChanger: false }}
            data-testid={group.testId}
            title={() => group.title}
            dataSource={answer.data}
            summary={() => (
              <Table.Summary.Row data-testid={`${group.testId}-totals`}>
                <Table.Summary.Cell index={0}>
                  <strong>{t('analytics.total')}</strong>
                </Table.Summary.Cell>
                {group.columns.map((column, j) => (
                  <Table.Summary.Cell key={column} index={j + 1} align="right">
                    <strong>{show(column, (answer.meta.totals as Record<string, unknown>)[column])}</strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )}
            columns={[
              {
                key: 'period',
                title: t('economics.period'),
                render: (_: unknown, row: MovementRow) => periodLabel(row, by),
              },
              ...group.columns.map((column) => ({
                key: column,
                dataIndex: column,
                title: labelOf(column),
                align: 'right' as const,
                render: (value: unknown) => show(column, value),
              })),
            ]}
          />
        </ScrollRegion>
      ))}
    </div>
  )
}
