import { DownloadOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { previousPeriod } from '@vod/contract/periods'
import type { SubscribedReport } from '@vod/contract/resources/report-subscriptions'
import { Alert, Button, Card, Select, Space, Typography } from 'antd'
import { lazy, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { analyticsApi, type Split } from '../../api/analytics.ts'
import { useCan } from '../../stores/permission.ts'
import { FigureStatistics } from './FigureStatistics.tsx'
import { FreshAsOf } from './FreshAsOf.tsx'
import { type Figure, isMoney, moneyFigures } from './figures.ts'
import { Later } from './Later.tsx'
import { PeriodPicker } from './PeriodPicker.tsx'
import { channelsQuery, forChannel, seriesQuery, splitQuery } from './queries.ts'
import type { SplitSpec } from './SplitFigures.tsx'
import { SubscribeReport } from './SubscribeReport.tsx'
import { splitName } from './split-name.ts'
import { periodOfView, useAnalyticsView } from './view.ts'

export interface AnalyticsScreen {
  /** The screen's title key under `analytics.titles`. */
  name: string
  /** Its address under `/analytics/daily/` (features/analytics/routes.ts). */
  path: string
  /** The permission resource of its figures: `list-{resource}` opens the screen, `export-{resource}` exports. */
  resource: string
  /** The daily figures: `/analytics/data/daily`; with a channel picker, `/analytics/channel/records`. */
  series?: string
  /** What the chart and its table show. */
  figures: Figure[]
  /** A table split by channel or campaign (`/analytics/channel/revenuePieChart`), and its columns. */
  split?: SplitSpec
  /** The CSV export of the period (dailyRevenue.csv, dailyChannel.csv). */
  export?: string
  /** Pick one channel of those the caller sees (the channel screen). */
  channelPicker?: boolean
  /** The report by e-mail a reader of this screen may subscribe to (docs/analytics.md "Reports by e-mail"). */
  report?: SubscribedReport
  /** What changed the figures of the period's closed months (`/analytics/restatements`), under its figures. */
  restatements?: boolean
}

// The figures come first (issue 36, item 6): the date picker, the charts and the tables (antd's DatePicker and
// Table, ECharts) are chunks of their own, asked for as the screen shows and drawn after its figures.
const FiguresChart = lazy(() =>
  import('./FiguresChart.tsx').then(({ FiguresChart }) => ({ default: FiguresChart })),
)
const SplitFigures = lazy(() => import('./SplitFigures.tsx'))
const Restatements = lazy(() => import('./Restatements.tsx'))

/** Figures a split's rows add up to: money exactly, in cents; visitors and conversion are not sums. */
const summable = (figure: Figure) => figure !== 'visitors' && figure !== 'conversion'

function sumRows(rows: Split[], figures: Figure[]): Partial<Record<Figure, string | number>> {
  const total: Partial<Record<Figure, string | number>> = {}
  for (const figure of figures) {
    const sum = rows.reduce(
      (all, row) => all + (isMoney(figure) ? Math.round(Number(row[figure]) * 100) : Number(row[figure])),
      0,
    )
    total[figure] = isMoney(figure) ? (sum / 100).toFixed(2) : sum
  }
  return total
}

/**
 * An analytics screen (spec section 2's /analytics/daily/*): a period picked from presets or a range, the
 * period against the one before, the figures a day as a chart with its table, a split by channel or
 * campaign, the CSV export. Days are business days of the zone the server names.
 */
export function AnalyticsPage({ screen }: { screen: AnalyticsScreen }) {
  const { t } = useTranslation()
  // The export is offered only to who may make it (a screen's list permission alone does not).
  const mayExport = useCan('export', screen.resource)
  const [zone, setZone] = useState('UTC')
  // Channel and period live in the address (view.ts), where the route prefetch reads them too.
  const { view, change } = useAnalyticsView()
  const { channel } = view
  const period = periodOfView(view, zone)
  const query = { ...period }

  const seriesPath = screen.series ? forChannel(screen.series, channel) : null
  const series = useQuery({
    ...seriesQuery(seriesPath ?? '', period),
    placeholderData: keepPreviousData,
    enabled: seriesPath !== null,
  })
  const previousSeries = useQuery({
    ...seriesQuery(seriesPath ?? '', previousPeriod(period)),
    placeholderData: keepPreviousData,
    enabled: seriesPath !== null,
  })
  const channels = useQuery({ ...channelsQuery(period), enabled: screen.channelPicker === true })
  const splitPath = screen.split ? forChannel(screen.split.path, channel) : null
  const split = useQuery({
    ...splitQuery(splitPath ?? '', period),
    enabled: splitPath !== null,
    placeholderData: keepPreviousData,
  })

  // Without a daily series (campaigns), the period's figures are its split's rows added up, and so the period's before.
  const previousSplit = useQuery({
    ...splitQuery(splitPath ?? '', previousPeriod(period)),
    enabled: splitPath !== null && seriesPath === null,
    placeholderData: keepPreviousData,
  })
  const answeredZone = series.data?.meta.time_zone ?? split.data?.meta.time_zone
  // The zone the figures are counted in moves a preset's days (periodOfView).
  if (answeredZone && answeredZone !== zone) setZone(answeredZone)

  const summaryFigures = seriesPath
    ? screen.figures
    : [...moneyFigures, ...(screen.split?.figures ?? []).filter((f) => !isMoney(f) && summable(f))]
  const hasMoney = summaryFigures.some(isMoney)
  const current = seriesPath
    ? series.data?.meta.totals
    : hasMoney && split.data
      ? sumRows(split.data.data, summaryFigures)
      : undefined
  const previous = seriesPath
    ? previousSeries.data?.meta.totals
    : previousSplit.data
      ? sumRows(previousSplit.data.data, summaryFigures)
      : undefined

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Space wrap align="center">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t(`analytics.titles.${screen.name}`)}
          </Typography.Title>
          <PeriodPicker view={view} period={period} change={change} />
          {screen.channelPicker && (
            <Select<number | 'all'>
              aria-label={t('analytics.channel')}
              data-testid="analytics-channel"
              style={{ minWidth: 200 }}
              value={channel ?? 'all'}
              onChange={(value) => change({ channel: value === 'all' ? null : value })}
              options={[
                { value: 'all', label: t('analytics.allChannels') },
                ...(channels.data?.data ?? [])
                  .filter((row) => row.channel_id !== null)
                  .map((row) => ({
                    value: row.channel_id as number,
                    label: splitName(row.channel_name, row.channel_id, ''),
                  })),
              ]}
            />
          )}
          {screen.export && mayExport && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void analyticsApi.exportCsv(screen.export as string, {
                  ...query,
                  channel_id: channel ?? undefined,
                })
              }
            >
              {t('analytics.export')}
            </Button>
          )}
          {screen.report && (
            <SubscribeReport
              report={screen.report}
              channel={channel ?? null}
              channelName={
                channels.data?.data.find((row) => row.channel_id === channel)?.channel_name ?? null
              }
              zone={zone}
            />
          )}
          <Typography.Text type="secondary">{t('analytics.zone', { zone })}</Typography.Text>
          <FreshAsOf answers={[series.data, split.data, channels.data]} />
          {screen.figures.includes('visitors') && (
            <Typography.Text type="secondary">{t('analytics.visitorsNote')}</Typography.Text>
          )}
        </Space>
      </Card>
      {(series.error ?? split.error) && (
        <Alert type="error" showIcon message={(series.error ?? split.error)?.message} />
      )}
      {current && (
        <FigureStatistics
          title={t('analytics.summary')}
          figures={summaryFigures}
          current={current}
          previous={previous}
          against="previousPeriod"
        />
      )}
      {hasMoney && (
        <Typography.Text type="secondary" data-testid="analytics-net-hint">
          {t('analytics.netHint')}
        </Typography.Text>
      )}
      {series.data && (
        <Card>
          <Later height={360}>
            <FiguresChart
              days={series.data.data}
              figures={screen.figures}
              title={t(`analytics.titles.${screen.name}`)}
            />
          </Later>
        </Card>
      )}
      {screen.split && split.data && (
        <Card title={t(`analytics.by.${screen.split.by}`)}>
          <Later height={screen.split.chart ? 360 : 120}>
            <SplitFigures split={screen.split} rows={split.data.data} />
          </Later>
        </Card>
      )}
      {screen.restatements && (
        <Later height={120}>
          <Restatements view={view} period={period} />
        </Later>
      )}
    </Space>
  )
}
