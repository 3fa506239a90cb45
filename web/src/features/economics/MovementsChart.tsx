import type { EChartsCoreOption } from 'echarts/core'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useReducedMotion } from '../../base/use-reduced-motion.ts'
import { EChart } from '../../components/echart/EChart.tsx'
import { periodLabel } from './MovementsTables.tsx'
import type { Movements } from './queries.ts'

const MOVES = ['new', 'reactivation', 'expansion', 'contraction', 'churn'] as const
const COLOURS = ['#52c41a', '#13c2c2', '#2f54eb', '#faad14', '#f5222d']

/**
 * MRR a period as a line and its five movements as bars stacked on one another (gains above the axis,
 * contraction and churn below it), the reconciliation the table under it spells out. Drawn for the eye
 * only: the table carries the same numbers for screen readers.
 */
export default function MovementsChart({ answer }: { answer: Movements }) {
  const { t } = useTranslation()
  const reduced = useReducedMotion()
  const option = useCallback(
    (primary: string): EChartsCoreOption => ({
      animation: !reduced,
      color: [primary, ...COLOURS],
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', bottom: 0 },
      grid: { left: 16, right: 16, top: 24, bottom: 36, containLabel: true },
      xAxis: { type: 'category', data: answer.data.map((row) => periodLabel(row, answer.meta.by)) },
      yAxis: { type: 'value' },
      series: [
        {
          name: t('economics.figures.mrr'),
          type: 'line',
          smooth: false,
          data: answer.data.map((row) => Number(row.closing_mrr ?? 0)),
        },
        ...MOVES.map((move) => ({
          name: t(`economics.figures.${move}`),
          type: 'bar',
          stack: 'movements',
          data: answer.data.map((row) => Number(row[move] ?? 0)),
        })),
      ],
    }),
    [answer, reduced, t],
  )
  return (
    <div aria-hidden="true" style={{ minWidth: 0 }}>
      <EChart option={option} testId="movements-chart" style={{ height: 360 }} />
    </div>
  )
}
