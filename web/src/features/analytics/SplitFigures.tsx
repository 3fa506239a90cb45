import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Split } from '../../api/analytics.ts'
import { useReducedMotion } from '../../base/use-reduced-motion.ts'
import { EChart } from '../../components/echart/EChart.tsx'
import { FigureTables, figuresOption } from './FiguresChart.tsx'
import type { Figure } from './figures.ts'
import { useShownFigures } from './shown-figures.ts'
import { splitName } from './split-name.ts'

/** A table split by channel or campaign (`/analytics/channel/revenuePieChart`), and its columns. */
export interface SplitSpec {
  path: string
  by: 'channel' | 'campaign'
  figures: Figure[]
  chart?: boolean
}

/**
 * A screen's split by channel or campaign: its chart, when it has one, over tables of its rows. Loaded after
 * the screen's figures (AnalyticsPage.tsx), as the daily chart is.
 */
export default function SplitFigures({ split, rows }: { split: SplitSpec; rows: Split[] }) {
  const { t } = useTranslation()
  const reduced = useReducedMotion()
  const shown = useShownFigures()
  const figures = useMemo(() => shown(split.figures), [shown, split.figures])
  const nameOf = useCallback(
    (row: Split) =>
      split.by === 'campaign'
        ? splitName(row.campaign_name, row.campaign_id, t('analytics.none'))
        : splitName(row.channel_name, row.channel_id, t('analytics.none')),
    [split.by, t],
  )
  const chart = useCallback(
    (primary: string) =>
      figuresOption({
        labels: rows.map(nameOf),
        rows,
        figures: figures.filter((figure) => figure !== 'conversion'),
        kind: 'bar',
        reduced,
        t,
      })(primary),
    [rows, nameOf, figures, reduced, t],
  )
  return (
    <>
      {split.chart && (
        <div aria-hidden="true" style={{ minWidth: 0, marginBottom: 16 }}>
          <EChart option={chart} testId="analytics-split-chart" style={{ height: 360 }} />
        </div>
      )}
      <FigureTables<Split>
        rows={rows}
        figures={figures}
        label={{ title: t(`analytics.by.${split.by}`), render: nameOf }}
        rowKey={(row) => `${row.channel_id}:${row.campaign_id ?? ''}`}
        title={t(`analytics.by.${split.by}`)}
        testId="analytics-split"
      />
    </>
  )
}
