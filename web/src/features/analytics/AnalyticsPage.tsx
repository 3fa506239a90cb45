import { DownloadOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, DatePicker, Select, Space, Statistic, Table, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { analyticsApi, type Split } from '../../api/analytics.ts'
import { useCan } from '../../stores/permission.ts'
import { type Figure, FiguresChart, useFigureFormat } from './FiguresChart.tsx'
import { type Preset, presets } from './periods.ts'
import { channelsQuery, forChannel, periodBefore, seriesQuery, splitQuery } from './queries.ts'
import { periodOfView, useAnalyticsView } from './view.ts'

export interface AnalyticsScreen {
  /** The screen's title key under `analytics.titles`. */
  name: string
  /** The permission resource of its figures: `list-{resource}` opens the screen, `export-{resource}` exports. */
  resource: string
  /** The daily figures: `/analytics/data/daily`; with a channel picker, `/analytics/channel/records`. */
  series?: string
  /** What the chart and its table show. */
  figures: Figure[]
  /** A table split by channel or campaign (`/analytics/channel/revenuePieChart`), and its columns. */
  split?: { path: string; by: 'channel' | 'campaign'; figures: Figure[] }
  /** The CSV export of the period (dailyRevenue.csv, dailyChannel.csv). */
  export?: string
  /** Pick one channel of those the caller sees (the channel screen). */
  channelPicker?: boolean
}

const { RangePicker } = DatePicker

/**
 * An analytics screen (spec section 2's /analytics/daily/*): a period picked from presets or a range, the
 * period against the one before, the figures a day as a chart with its table, a split by channel or
 * campaign, the CSV export. Days are business days of the zone the server names.
 */
export function AnalyticsPage({ screen }: { screen: AnalyticsScreen }) {
  const { t } = useTranslation()
  const format = useFigureFormat()
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
  const current = series.data?.meta.totals
  const previous = previousSeries.data?.meta.totals

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
        <Card>
          <Space wrap size="large">
            {screen.figures.map((figure) => (
              <Statistic
                key={figure}
                title={t(`analytics.figures.${figure}`)}
                value={format(figure, current[figure])}
                suffix={
                  previous ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('analytics.before', { value: format(figure, previous[figure]) })}
                    </Typography.Text>
                  ) : undefined
                }
              />
            ))}
          </Space>
        </Card>
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
          <Table<Split>
            size="small"
            pagination={false}
            data-testid="analytics-split"
            rowKey={(row) => `${row.channel_id}:${row.campaign_id ?? ''}`}
            dataSource={split.data.data}
            columns={[
              {
                key: 'name',
                title: t(`analytics.by.${screen.split.by}`),
                render: (_: unknown, row: Split) =>
                  (screen.split?.by === 'campaign' ? row.campaign_name : row.channel_name) ??
                  t('analytics.none'),
              },
              ...screen.split.figures.map((figure) => ({
                key: figure,
                dataIndex: figure,
                title: t(`analytics.figures.${figure}`),
                align: 'right' as const,
                render: (value: unknown) => format(figure, value),
              })),
            ]}
          />
        </Card>
      )}
    </Space>
  )
}
