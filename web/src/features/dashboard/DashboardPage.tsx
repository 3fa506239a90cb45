import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { presetPeriod } from '@vod/contract/periods'
import { Alert, Card, Col, Row, Segmented, Statistic, type TableProps, Typography } from 'antd'
import { lazy, type ReactNode, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type {
  ChannelsAnswer,
  Compared,
  DailySeries,
  DevicesAnswer,
  PlanRow,
  PlansAnswer,
  Split,
} from '../../api/analytics.ts'
import { ApiError } from '../../api/http.ts'
import { useCan } from '../../stores/permission.ts'
import { useSession } from '../../stores/session.ts'
import { FigureStatistics } from '../analytics/FigureStatistics.tsx'
import { FreshAsOf } from '../analytics/FreshAsOf.tsx'
import { useFigureFormat } from '../analytics/figure-format.ts'
import { type Figure, moneyFigures } from '../analytics/figures.ts'
import { Later } from '../analytics/Later.tsx'
import { useShownFigures } from '../analytics/shown-figures.ts'
import { splitName } from '../analytics/split-name.ts'
import { liveQuery, periodQuery } from './queries.ts'
import { useCountUp } from './use-count-up.ts'

// The live panels come first (issue 36, item 6): the charts and tables (ECharts, antd's Table) load after them.
const FiguresChart = lazy(() =>
  import('../analytics/FiguresChart.tsx').then(({ FiguresChart }) => ({ default: FiguresChart })),
)
const Table = lazy(() => import('./DashboardTable.tsx')) as unknown as <T extends object>(
  props: TableProps<T>,
) => ReactNode

/** The periods the dashboard's charts and tables cover: the last 30 days, or a whole month. */
const dashboardPeriods = ['last30', 'thisMonth', 'lastMonth'] as const
type DashboardPeriod = (typeof dashboardPeriods)[number]

/** How often the live panels ask again while the page is shown (a hidden tab does not ask). */
const LIVE_MS = 10_000

/** A panel: today's value against the same time yesterday and a week ago. */
function Panel({
  title,
  value,
  figure,
}: {
  title: string
  value: Compared<string | number>
  figure: Figure
}) {
  const { t } = useTranslation()
  const format = useFigureFormat()
  const today = useCountUp(value.today)
  return (
    <Card>
      <Statistic title={title} value={format(figure, today)} />
      <Typography.Text type="secondary">
        {t('dashboard.yesterday', { value: format(figure, value.yesterday) })} ·{' '}
        {t('dashboard.lastWeek', { value: format(figure, value.last_week) })}
      </Typography.Text>
    </Card>
  )
}

function OnlineNow({ value }: { value: number }) {
  const { t } = useTranslation()
  return <Statistic title={t('dashboard.onlineNow')} value={useCountUp(value)} />
}

/**
 * The dashboard (spec section 7): live panels (online now, today's revenue, sign-ups and subscriptions
 * against the same time yesterday and a week ago) asked again every few seconds while the page is shown,
 * the last 30 days' revenue and members, top channels, plans and devices. Without view-dashboard: a welcome.
 */
export default function DashboardPage() {
  const { t } = useTranslation()
  const format = useFigureFormat()
  // The money figures the caller's field rules leave it (no fees for who may not read an order's fees).
  const money = useShownFigures()(moneyFigures)
  const name = useSession((state) => state.profile?.name || state.profile?.username || '')
  // Without the permission nothing is asked (a refused call would be asked again every few seconds).
  const mayView = useCan('view', 'dashboard')
  const live = useQuery({
    ...liveQuery,
    enabled: mayView,
    refetchInterval: (query) => (query.state.error ? false : LIVE_MS),
    retry: (count, error) => !(error instanceof ApiError && error.status === 403) && count < 2,
  })
  const allowed = mayView && !(live.error instanceof ApiError && live.error.status === 403)
  const [picked, setPicked] = useState<DashboardPeriod>('last30')
  // Months in the business zone the live answer names; the last 30 days are the server's default.
  const zone = live.data?.time_zone ?? 'UTC'
  const chosen = picked === 'last30' ? undefined : presetPeriod(picked, zone)
  const periodName = t(`analytics.presets.${picked}`)
  // Top channels and plans show revenue alike.
  const grossColumn = {
    key: 'gross',
    dataIndex: 'gross',
    title: t('analytics.figures.gross'),
    align: 'right' as const,
    render: (value: string) => format('gross', value),
  }
  const period = <T,>(path: string) =>
    ({
      ...periodQuery<T>(path, chosen),
      enabled: allowed && live.isSuccess,
      placeholderData: keepPreviousData,
      refetchInterval: LIVE_MS * 6,
    }) as const
  const trend = useQuery(period<DailySeries>('/dashboard/revenueTrend'))
  const channels = useQuery(period<ChannelsAnswer>('/dashboard/channelList'))
  const plans = useQuery(period<PlansAnswer>('/dashboard/planList'))
  const devices = useQuery(period<DevicesAnswer>('/dashboard/devices'))
  const data = live.data
  // What the server said when a panel could not be answered (no figures kept on this database: why, and the
  // setting that mends it), in the screen's language; a refusal is the welcome's.
  const failed = [live, trend, channels, plans, devices].find(
    (query) => query.error && !(query.error instanceof ApiError && query.error.status === 403),
  )?.error
  // Today's row of the trend is today so far as the live panel has it: one answer for both, the newer one
  // (the trend is asked for every minute, the panel every 10 s; two answers read at two moments disagreed).
  const trendDays = useMemo(() => {
    const days = trend.data?.data
    if (!days || !data) return days
    return days.map((day) =>
      day.date === data.date
        ? {
            ...day,
            gross: data.gross?.today,
            fees: data.fees?.today,
            refunds: data.refunds.today,
            chargebacks: data.chargebacks.today,
            net: data.net?.today,
            orders: data.orders.today,
            signups: data.signups.today,
            new_subscriptions: data.new_subscriptions.today,
          }
        : day,
    )
  }, [trend.data, data])
  const todayOf = (pick: 'today' | 'yesterday') =>
    data ? Object.fromEntries(money.map((figure) => [figure, data[figure]?.[pick]])) : {}

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('dashboard.welcome', { name })}
          </Typography.Title>
          {data && (
            <Typography.Text type="secondary">
              {t('dashboard.asOf', { date: data.date, zone: data.time_zone })}
            </Typography.Text>
          )}{' '}
          <FreshAsOf answers={[live.data, trend.data, channels.data, plans.data, devices.data]} />
        </Card>
      </Col>
      {failed && (
        <Col span={24}>
          <Alert type="error" showIcon message={failed.message} data-testid="dashboard-error" />
        </Col>
      )}
      {data && (
        <>
          <Col xs={24} sm={12} xl={8}>
            <Card>
              <OnlineNow value={data.online_now} />
              <Typography.Text type="secondary">{t('dashboard.onlineHint')}</Typography.Text>
            </Card>
          </Col>
          <Col xs={24} sm={12} xl={8}>
            <Panel title={t('analytics.figures.signups')} value={data.signups} figure="signups" />
          </Col>
          <Col xs={24} sm={12} xl={8}>
            <Panel
              title={t('analytics.figures.new_subscriptions')}
              value={data.new_subscriptions}
              figure="new_subscriptions"
            />
          </Col>
          <Col span={24}>
            <FigureStatistics
              title={t('dashboard.revenue')}
              figures={money}
              current={todayOf('today')}
              previous={todayOf('yesterday')}
              against="yesterday"
              testId="dashboard-today"
            />
          </Col>
        </>
      )}
      {allowed && live.isSuccess && (
        <Col span={24}>
          <Segmented<DashboardPeriod>
            data-testid="dashboard-period"
            value={picked}
            onChange={setPicked}
            options={dashboardPeriods.map((value) => ({ value, label: t(`analytics.presets.${value}`) }))}
          />
        </Col>
      )}
      {trendDays && (
        <Col span={24}>
          <Card title={t('dashboard.revenueTrend', { period: periodName })}>
            <Later height={360}>
              <FiguresChart
                days={trendDays}
                figures={money}
                title={t('dashboard.revenueTrend', { period: periodName })}
                testId="revenue-trend"
                totals={trend.data?.meta.totals}
              />
            </Later>
          </Card>
        </Col>
      )}
      {trendDays && (
        <Col span={24}>
          <Card title={t('dashboard.memberTrend', { period: periodName })}>
            <Later height={360}>
              <FiguresChart
                days={trendDays}
                figures={['visitors', 'signups', 'new_subscriptions']}
                title={t('dashboard.memberTrend', { period: periodName })}
                testId="member-trend"
                totals={trend.data?.meta.totals}
              />
            </Later>
          </Card>
        </Col>
      )}
      {channels.data && (
        <Col xs={24} xl={12}>
          <Card title={t('dashboard.topChannels', { period: periodName })}>
            <Later height={120}>
              <Table<Split>
                size="small"
                pagination={false}
                rowKey={(row) => String(row.channel_id)}
                dataSource={channels.data.data.slice(0, 10)}
                columns={[
                  {
                    key: 'channel',
                    title: t('analytics.channel'),
                    render: (_: unknown, row: Split) =>
                      splitName(row.channel_name, row.channel_id, t('analytics.none')),
                  },
                  {
                    key: 'signups',
                    dataIndex: 'signups',
                    title: t('analytics.figures.signups'),
                    align: 'right',
                  },
                  ...(money.includes('gross') ? [grossColumn] : []),
                ]}
              />
            </Later>
          </Card>
        </Col>
      )}
      {plans.data && (
        <Col xs={24} md={12} xl={6}>
          <Card title={t('dashboard.plans')}>
            <Later height={120}>
              <Table<PlanRow>
                size="small"
                pagination={false}
                rowKey="plan_id"
                data-testid="dashboard-plans"
                dataSource={plans.data.data}
                columns={[
                  {
                    key: 'plan',
                    title: t('dashboard.plan'),
                    render: (_: unknown, row: { plan_id: number; plan_name?: string }) =>
                      splitName(row.plan_name, row.plan_id, ''),
                  },
                  ...(money.includes('gross') ? [grossColumn] : []),
                ]}
              />
            </Later>
          </Card>
        </Col>
      )}
      {devices.data && (
        <Col xs={24} md={12} xl={6}>
          <Card title={t('dashboard.devices')}>
            <Later height={120}>
              <Table
                size="small"
                pagination={false}
                rowKey="device"
                dataSource={devices.data.data}
                columns={[
                  {
                    key: 'device',
                    dataIndex: 'device',
                    title: t('dashboard.device'),
                    render: (value: string) => t(`dashboard.deviceNames.${value}`),
                  },
                  {
                    key: 'visits',
                    dataIndex: 'visits',
                    title: t('analytics.figures.visits'),
                    align: 'right',
                  },
                ]}
              />
            </Later>
          </Card>
        </Col>
      )}
    </Row>
  )
}
