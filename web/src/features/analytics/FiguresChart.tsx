import { Table } from 'antd'
import type { EChartsCoreOption } from 'echarts/core'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { DailyFigures } from '../../api/analytics.ts'
import { useReducedMotion } from '../../app/use-reduced-motion.ts'
import { EChart } from '../../components/echart/EChart.tsx'
import { formatMoney } from './money.ts'

export const moneyFigures = ['gross', 'fees', 'refunds', 'chargebacks', 'net'] as const
export type Figure = keyof Omit<DailyFigures, 'date'>

const isMoney = (figure: Figure) => (moneyFigures as readonly string[]).includes(figure)

/** A figure's value as people read it: money with its currency, counts as numbers, conversion as a percentage. */
export function useFigureFormat() {
  const { i18n } = useTranslation()
  return useCallback(
    (figure: Figure, value: unknown): string => {
      if (value === null || value === undefined) return '-'
      if (isMoney(figure)) return formatMoney(String(value), i18n.language)
      if (figure === 'conversion') return `${(Number(value) * 100).toFixed(2)}%`
      return new Intl.NumberFormat(i18n.language).format(Number(value))
    },
    [i18n.language],
  )
}

/**
 * Figures a day as a line chart (the theme's colour first, resizing with the page, still under reduced
 * motion) and, beside it, a table of the same numbers that screen readers read. Every day of the period is
 * a row, empty days as zeros.
 */
export function FiguresChart({
  days,
  figures,
  title,
  testId = 'analytics',
}: {
  days: DailyFigures[]
  figures: Figure[]
  title: string
  /** `{testId}-chart` and `{testId}-table`. */
  testId?: string
}) {
  const { t } = useTranslation()
  const reduced = useReducedMotion()
  const format = useFigureFormat()
  const option = useCallback(
    (primary: string): EChartsCoreOption => ({
      animation: !reduced,
      color: [primary, '#13c2c2', '#faad14', '#f5222d', '#722ed1'],
      tooltip: { trigger: 'axis' },
      legend: { data: figures.map((figure) => t(`analytics.figures.${figure}`)) },
      grid: { left: 60, right: 20, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: days.map((day) => day.date) },
      yAxis: { type: 'value' },
      series: figures.map((figure) => ({
        name: t(`analytics.figures.${figure}`),
        type: 'line',
        smooth: !reduced,
        data: days.map((day) => Number(day[figure] ?? 0)),
      })),
    }),
    [days, figures, reduced, t],
  )
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
      <div style={{ flex: '2 1 480px', minWidth: 0 }} aria-hidden="true">
        <EChart option={option} testId={`${testId}-chart`} style={{ height: 360 }} />
      </div>
      <div style={{ flex: '1 1 320px', minWidth: 0 }}>
        <Table<DailyFigures>
          size="small"
          rowKey="date"
          // Pages of a month rather than a scrolling box, which keyboards could not reach.
          pagination={{ pageSize: 31, hideOnSinglePage: true, size: 'small', showSizeChanger: false }}
          data-testid={`${testId}-table`}
          title={() => title}
          dataSource={days}
          columns={[
            { key: 'date', dataIndex: 'date', title: t('analytics.date') },
            ...figures.map((figure) => ({
              key: figure,
              dataIndex: figure,
              title: t(`analytics.figures.${figure}`),
              align: 'right' as const,
              render: (value: unknown) => format(figure, value),
            })),
          ]}
        />
      </div>
    </div>
  )
}
