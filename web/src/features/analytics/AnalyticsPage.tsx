import { DownloadOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, DatePicker, Select, Space, Statistic, Table, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { analyticsApi, type DailySeries, type Period, type Split } from '../../api/analytics.ts'
import { useCan } from '../../stores/permission.ts'
import { type Figure, FiguresChart, useFigureFormat } from './FiguresChart.tsx'
import { type Preset, presetPeriod, presets } from './periods.ts'

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

/** Per channel: `/analytics/channel/3/records` for `/analytics/channel/records`. */
const forChannel = (path: string, channel: number | null) =>
  channel === null ? path : path.replace('/analytics/channel/', `/analytics/channel/${channel}/`)

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
  const [preset, setPreset] = useState<Preset | null>('last7')
  const [period, setPeriod] = useState<Period>(() => presetPeriod('last7', 'UTC'))
  const [channel, setChannel] = useState<number | null>(null)
  const query = { ...period }

  const seriesPath = screen.series ? forChannel(screen.series, channel) : null
  const series = useQuery({
    queryKey: ['analytics', seriesPath, query],
    queryFn: ({ signal }) => analyticsApi.get<DailySeries>(seriesPath as string, query, signal),
    placeholderData: keepPreviousData,
    enabled: seriesPath !== null,
  })
  // The period of the same length just before, for the comparison under each figure.
  const days = dayjs(period.end_date).diff(dayjs(period.start_date), 'day') + 1
  const before = {
    start_date: dayjs(period.start_date).subtract(days, 'day').format('YYYY-MM-DD'),
    end_date: dayjs(period.start_date).subtract(1, 'day').format('YYYY-MM-DD'),
  }
  const previousSeries = useQuery({
    queryKey: ['analytics', seriesPath, before],
    queryFn: ({ signal }) => analyticsApi.get<DailySeries>(seriesPath as string, before, signal),
    placeholderData: keepPreviousData,
    enabled: seriesPath !== null,
  })
  const channels = useQuery({
    queryKey: ['analytics', 'channels', query],
    queryFn: ({ signal }) =>
      analyticsApi.get<{ data: Split[] }>('/analytics/channel/revenuePieChart', query, signal),
    enabled: screen.channelPicker === true,
  })
  const splitPath = screen.split ? forChannel(screen.split.path, channel) : null
  const split = useQuery({
    queryKey: ['analytics', splitPath, query],
    queryFn: ({ signal }) =>
      analyticsApi.get<{ data: Split[]; meta: { time_zone: string } }>(splitPath as string, query, signal),
    enabled: splitPath !== null,
    placeholderData: keepPreviousData,
  })

  const answeredZone = series.data?.meta.time_zone ?? split.data?.meta.time_zone
  if (answeredZone && answeredZone !== zone) {
    setZone(answeredZone)
    if (preset) setPeriod(presetPeriod(preset, answeredZone))
  }

  const pick = (next: Preset) => {
    setPreset(next)
    setPeriod(presetPeriod(next, zone))
  }
  const pickRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = range ?? []
    if (!from || !to) return
    setPreset(null)
    setPeriod({ start_date: from.format('YYYY-MM-DD'), end_date: to.format('YYYY-MM-DD') })
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
              onChange={(value) => setChannel(value === 'all' ? null : value)}
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
