import { DownloadOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, DatePicker, Select, Space, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { analyticsApi, type Split } from '../../api/analytics.ts'
import { useReducedMotion } from '../../app/use-reduced-motion.ts'
import { EChart } from '../../components/echart/EChart.tsx'
import { useCan } from '../../stores/permission.ts'
import { FigureStatistics } from './FigureStatistics.tsx'
import { FiguresChart, FigureTables, figuresOption } from './FiguresChart.tsx'
import { type Figure, isMoney, moneyFigures } from './figures.ts'
import { type Preset, presets } from './periods.ts'
import { channelsQuery, forChannel, periodBefore, seriesQuery, splitQuery } from './queries.ts'
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
  split?: { path: string; by: 'channel' | 'campaign'; figures: Figure[]; chart?: boolean }
  /** The CSV export of the period (dailyRevenue.csv, dailyChannel.csv). */
  export?: string
  /** Pick one channel of those the caller sees (the channel screen). */
  channelPicker?: boolean
}

const { RangePicker } = DatePicker

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
  const reduced = useReducedMotion()
  // The export is offered only to who may make it (a screen's list permission alone does not).
  const mayExport = useCan('export', screen.resource)
  const [zone, setZone] = useState('UTC')
  // Channel and period live in the address (view.ts), where the route prefetch reads them too.
  const { view, change } = useAnalyticsView()
  const { preset, channel } = view
  const period = periodOfView(view, zone)
  const query = { ...period }

  const seriesPath = screen.series ? forChannel(screen.series, channel) : null
  const series = useQuery({
    ...seriesQuery(seriesPath ?? '', period),
    placeholderData: keepPreviousData,
    enabled: seriesPath !== null,
  })
  const previousSeries = useQuery({
    ...seriesQuery(seriesPath ?? '', periodBefore(period)),
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
    ...splitQuery(splitPath ?? '', periodBefore(period)),
    enabled: splitPath !== null && seriesPath === null,
    placeholderData: keepPreviousData,
  })
  const splitName = (row: Split) =>
    (screen.split?.by === 'campaign' ? row.campaign_name : row.channel_name) ?? t('analytics.none')
  const splitChart = useCallback(
    (primary: string) => {
      const rows = split.data?.data ?? []
      const by = screen.split?.by
      return figuresOption({
        labels: rows.map(
          (row) => (by === 'campaign' ? row.campaign_name : row.channel_name) ?? t('analytics.none'),
        ),
        rows,
        figures: (screen.split?.figures ?? []).filter((figure) => figure !== 'conversion'),
        kind: 'bar',
        reduced,
        t,
      })(primary)
    },
    [split.data, screen.split, reduced, t],
  )

  const answeredZone = series.data?.meta.time_zone ?? split.data?.meta.time_zone
  // The zone the figures are counted in moves a preset's days (periodOfView).
  if (answeredZone && answeredZone !== zone) setZone(answeredZone)

  const pick = (next: Preset) => change({ preset: next, range: null })
  const pickRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = range ?? []
    if (!from || !to) return
    const picked = { start_date: from.format('YYYY-MM-DD'), end_date: to.format('YYYY-MM-DD') }
    change({ preset: null, range: picked })
  }
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
          <Space.Compact>
            {presets.map((name) => (
              <Button key={name} type={preset === name ? 'primary' : 'default'} onClick={() => pick(name)}>
                {t(`analytics.presets.${name}`)}
              </Button>
            ))}
          </Space.Compact>
          <RangePicker
            aria-label={t('analytics.range')}
            value={[dayjs(period.start_date), dayjs(period.end_date)]}
            onChange={pickRange}
            allowClear={false}
          />
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
                    label: row.channel_name ?? String(row.channel_id),
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
          <Typography.Text type="secondary">{t('analytics.zone', { zone })}</Typography.Text>
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
          <FiguresChart
            days={series.data.data}
            figures={screen.figures}
            title={t(`analytics.titles.${screen.name}`)}
          />
        </Card>
      )}
      {screen.split && split.data && (
        <Card title={t(`analytics.by.${screen.split.by}`)}>
          {screen.split.chart && (
            <div aria-hidden="true" style={{ minWidth: 0, marginBottom: 16 }}>
              <EChart option={splitChart} testId="analytics-split-chart" style={{ height: 360 }} />
            </div>
          )}
          <FigureTables<Split>
            rows={split.data.data}
            figures={screen.split.figures}
            label={{ title: t(`analytics.by.${screen.split.by}`), render: splitName }}
            rowKey={(row) => `${row.channel_id}:${row.campaign_id ?? ''}`}
            title={t(`analytics.by.${screen.split.by}`)}
            testId="analytics-split"
          />
        </Card>
      )}
    </Space>
  )
}
