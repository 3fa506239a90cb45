import type { EChartsCoreOption } from 'echarts/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { EChart } from '../../components/echart/EChart.tsx'
import { DemoPage } from '../shared/DemoPage.tsx'
import type { ChartLabels } from './options.ts'

type OptionOf = (labels: ChartLabels) => (primary: string) => EChartsCoreOption

/** One chart filling the page, its labels in the current language. */
export function ChartPage({ kind, option }: { kind: 'bar' | 'line' | 'mixed'; option: OptionOf }) {
  const { t, i18n } = useTranslation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels change with the language
  const build = useMemo(
    () =>
      option({
        months: Array.from({ length: 12 }, (_, index) => t('demos.charts.month', { n: index + 1 })),
        views: t('demos.charts.views'),
        orders: t('demos.charts.orders'),
        rate: t('demos.charts.rate'),
      }),
    [option, t, i18n.language],
  )
  return (
    <DemoPage title={t(`demos.charts.titles.${kind}`)} intro={t('demos.charts.intro')}>
      <EChart option={build} testId="chart" style={{ height: 'calc(100vh - 280px)', minHeight: 360 }} />
    </DemoPage>
  )
}
