import { Table } from 'antd'
import type { EChartsCoreOption } from 'echarts/core'
import { type ReactNode, useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { DailyFigures } from '../../api/analytics.ts'
import { useReducedMotion } from '../../base/use-reduced-motion.ts'
import { EChart } from '../../components/echart/EChart.tsx'
import { ScrollRegion } from '../../components/scroll-region/ScrollRegion.tsx'
import { useFigureFormat } from './figure-format.ts'
import { type Figure, isMoney } from './figures.ts'
import { useShownFigures } from './shown-figures.ts'

/** A row of a chart's category axis: its label and its figures. */
type Row = Partial<Record<Figure, unknown>>

/**
 * A chart's option: money on the left axis, counts on the right (two scales, never one squashing the
 * other), the legend below the axes' labels (scrolling, one line), a line a day (straight, never below the
 * figures' own values) or a bar a row.
 */
export function figuresOption({
  labels,
  rows,
  figures,
  kind,
  reduced,
  t,
}: {
  labels: string[]
  rows: Row[]
  figures: Figure[]
  kind: 'line' | 'bar'
  reduced: boolean
  t: (key: string) => string
}) {
  return (primary: string): EChartsCoreOption => {
    const money = figures.some(isMoney)
    const counts = figures.some((figure) => !isMoney(figure))
    const axes = [
      ...(money ? [{ type: 'value', name: t('analytics.axes.money'), position: 'left' }] : []),
      ...(counts
        ? [
            {
              type: 'value',
              name: t('analytics.axes.counts'),
              position: money ? 'right' : 'left',
              splitLine: { show: !money },
            },
          ]
        : []),
    ]
    return {
      animation: !reduced,
      color: [
        primary,
        '#13c2c2',
        '#faad14',
        '#f5222d',
        '#722ed1',
        '#52c41a',
        '#eb2f96',
        '#fa8c16',
        '#2f54eb',
        '#a0d911',
        '#614700',
      ],
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', bottom: 0, data: figures.map((figure) => t(`analytics.figures.${figure}`)) },
      // The legend has the bottom 28 px; the axes, their labels and names (containLabel) keep to the grid.
      grid: { left: 16, right: 16, top: 40, bottom: 36, containLabel: true },
      xAxis: { type: 'category', data: labels },
      yAxis: axes,
      series: figures.map((figure) => ({
        name: t(`analytics.figures.${figure}`),
        type: kind,
        // Straight between days: a smoothed line dips under an empty day's 0, a value no figure had.
        smooth: false,
        yAxisIndex: money && !isMoney(figure) ? 1 : 0,
        data: rows.map((row) => Number(row[figure] ?? 0)),
      })),
    }
  }
}

/**
 * Rows of figures as tables that fit their card: the money figures in one, the counts in another, each
 * with the rows' label first, so no table is wider than a narrow screen.
 */
export function FigureTables<T extends object>({
  rows,
  figures,
  label,
  rowKey,
  title,
  testId,
  pageSize,
  totals,
}: {
  rows: T[]
  figures: Figure[]
  /** The period's totals, as the server summed them: a last row under the rows (`{testId}-totals`). */
  totals?: Partial<Record<Figure, unknown>>
  label: { title: string; render: (row: T) => ReactNode }
  rowKey: (row: T) => string
  title: string
  /** `{testId}-table` (money, or the only one) and `{testId}-counts`. */
  testId: string
  pageSize?: number
}) {
  const { t } = useTranslation()
  const format = useFigureFormat()
  const money = figures.filter(isMoney)
  const counts = figures.filter((figure) => !isMoney(figure))
  const groups = [money, counts].filter((group) => group.length > 0)
  const tableTitle = (i: number) =>
    groups.length > 1
      ? `${title} · ${t(i === 0 && money.length > 0 ? 'analytics.axes.money' : 'analytics.axes.counts')}`
      : title
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 }}>
      {groups.map((group, i) => (
        <ScrollRegion key={group.join()} label={tableTitle(i)}>
          <Table<T>
            size="small"
            rowKey={rowKey}
            tableLayout="auto"
            // Pages of a month rather than a scrolling box, which keyboards could not reach.
            pagination={
              pageSize ? { pageSize, hideOnSinglePage: true, size: 'small', showSizeChanger: false } : false
            }
            data-testid={i === 0 ? `${testId}-table` : `${testId}-counts`}
            title={() => tableTitle(i)}
            dataSource={rows}
            summary={
              totals
                ? () => (
                    <Table.Summary.Row data-testid={`${testId}-totals`}>
                      <Table.Summary.Cell index={0}>
                        <strong>{t('analytics.total')}</strong>
                      </Table.Summary.Cell>
                      {group.map((figure, j) => (
                        <Table.Summary.Cell key={figure} index={j + 1} align="right">
                          <strong>{format(figure, totals[figure])}</strong>
                        </Table.Summary.Cell>
                      ))}
                    </Table.Summary.Row>
                  )
                : undefined
            }
            columns={[
              { key: 'label', title: label.title, render: (_: unknown, row: T) => label.render(row) },
              ...group.map((figure) => ({
                key: figure,
                dataIndex: figure,
                title: t(`analytics.figures.${figure}`),
                align: 'right' as const,
                render: (value: unknown) => format(figure, value),
              })),
            ]}
          />
        </ScrollRegion>
      ))}
    </div>
  )
}

/**
 * Figures a day as a line chart (the theme's colour first, resizing with the page, still under reduced
 * motion; money and counts on axes of their own) and, under it, tables of the same numbers that screen
 * readers read and that fit the card at any width. Every day of the period is a row, empty days as zeros.
 */
export function FiguresChart({
  days,
  figures: asked,
  title,
  testId = 'analytics',
  totals,
}: {
  days: DailyFigures[]
  figures: Figure[]
  title: string
  /** The period's totals for a last row of the tables. */
  totals?: Partial<Record<Figure, unknown>>
  /** `{testId}-chart`, `{testId}-table` (money) and `{testId}-counts`. */
  testId?: string
}) {
  const { t } = useTranslation()
  const reduced = useReducedMotion()
  const shown = useShownFigures()
  const figures = useMemo(() => shown(asked), [shown, asked])
  const option = useCallback(
    (primary: string) =>
      figuresOption({
        labels: days.map((day) => day.date),
        rows: days,
        figures,
        kind: 'line',
        reduced,
        t,
      })(primary),
    [days, figures, reduced, t],
  )
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 }}>
      <div aria-hidden="true" style={{ minWidth: 0 }}>
        <EChart option={option} testId={`${testId}-chart`} style={{ height: 360 }} />
      </div>
      <FigureTables<DailyFigures>
        rows={days}
        figures={figures}
        label={{ title: t('analytics.date'), render: (day) => day.date }}
        rowKey={(day) => day.date}
        title={title}
        testId={testId}
        pageSize={31}
        totals={totals}
      />
    </div>
  )
}
