import { DownloadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { mrrHidden } from '@vod/contract/economics'
import { Alert, Button, Card, Segmented, Space, Typography } from 'antd'
import { lazy, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { analyticsApi } from '../../api/analytics.ts'
import { HiddenByRole } from '../../components/resource/HiddenByRole.tsx'
import { useRecordName } from '../../components/resource/RecordName.tsx'
import { useCan } from '../../stores/permission.ts'
import { useSession } from '../../stores/session.ts'
import { FreshAsOf } from '../analytics/FreshAsOf.tsx'
import { Later } from '../analytics/Later.tsx'
import { PeriodPicker } from '../analytics/PeriodPicker.tsx'
import { SubscribeReport } from '../analytics/SubscribeReport.tsx'
import { periodOfView, useAnalyticsView } from '../analytics/view.ts'
import { ChurnCards } from './ChurnCards.tsx'
import { CohortTable } from './CohortTable.tsx'
import { ConversionTable } from './ConversionTable.tsx'
import { EconomicsFilterFields } from './EconomicsFilterFields.tsx'
import { EconomicsRestatements } from './EconomicsRestatements.tsx'
import { MovementsTables } from './MovementsTables.tsx'
import {
  churnQuery,
  cohortsQuery,
  conversionQuery,
  type EconomicsFilters,
  MOVEMENTS_EXPORT,
  movementsQuery,
} from './queries.ts'

const MovementsChart = lazy(() => import('./MovementsChart.tsx'))

/**
 * Subscription economics (issue 66, item 4; docs/figures.md "Subscription economics"): MRR and its
 * movements a day or month, reconciled opening to closing, churn with ARPU and LTV, the retention cohorts
 * and first-period conversion by plan, by channel, campaign and plan, in a period of business days. A role
 * that may not read what MRR is made of sees the member counts only, and is told so.
 */
export default function SubscriptionsPage() {
  const { t } = useTranslation()
  const mayExport = useCan('export', 'daily-revenue')
  const mrrShown = !mrrHidden(useSession((state) => state.profile?.field_rules) ?? {})
  const [zone, setZone] = useState('UTC')
  const { view, change } = useAnalyticsView()
  const period = periodOfView(view, zone)
  const [by, setBy] = useState<'day' | 'month'>('month')
  const { campaign, plan } = view
  const channelName = useRecordName('channels', view.channel)
  const filters: EconomicsFilters = {
    ...(view.channel !== null ? { channel_id: view.channel } : {}),
    ...(campaign !== null ? { campaign_id: campaign } : {}),
    ...(plan !== null ? { plan_id: plan } : {}),
  }
  const query = { ...period, ...filters }
  const movements = useQuery(movementsQuery({ ...query, by }))
  const churn = useQuery(churnQuery(query))
  const cohorts = useQuery(cohortsQuery(query))
  const conversion = useQuery(conversionQuery(query))
  const answers = [movements, churn, cohorts, conversion]
  const answeredZone = movements.data?.meta.time_zone
  if (answeredZone && answeredZone !== zone) setZone(answeredZone)
  const error = answers.find((answer) => answer.error)?.error

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Space wrap align="center">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('economics.title')}
          </Typography.Title>
          <PeriodPicker view={view} period={period} change={change} />
          <EconomicsFilterFields
            channel={view.channel}
            campaign={campaign}
            plan={plan}
            onChannel={(channel) => change({ channel, campaign: null })}
            onCampaign={(campaign) => change({ campaign })}
            onPlan={(plan) => change({ plan })}
          />
          <Segmented<'day' | 'month'>
            aria-label={t('economics.by')}
            data-testid="economics-by"
            value={by}
            onChange={setBy}
            options={[
              { value: 'month', label: t('economics.byMonth') },
              { value: 'day', label: t('economics.byDay') },
            ]}
          />
          {mayExport && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void analyticsApi.exportCsv(MOVEMENTS_EXPORT, { ...query, by })}
            >
              {t('analytics.export')}
            </Button>
          )}
          <SubscribeReport
            report="subscriptions"
            channel={view.channel}
            channelName={channelName.data ?? null}
            zone={zone}
          />
          <Typography.Text type="secondary">{t('analytics.zone', { zone })}</Typography.Text>
          <FreshAsOf answers={answers.map((answer) => answer.data)} />
        </Space>
        {!mrrShown && <HiddenByRole />}
      </Card>
      {error && <Alert type="error" showIcon title={error.message} />}
      <Alert type="info" showIcon data-testid="economics-cash-note" title={t('economics.cashNote')} />
      {movements.data && (
        <Card title={t('economics.movements')}>
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            {mrrShown && (
              <Later height={360}>
                <MovementsChart answer={movements.data} />
              </Later>
            )}
            <MovementsTables answer={movements.data} mrrShown={mrrShown} />
          </Space>
        </Card>
      )}
      {churn.data && <ChurnCards answer={churn.data} mrrShown={mrrShown} />}
      {cohorts.data && (
        <Card title={t('economics.cohorts')}>
          <CohortTable answer={cohorts.data} mrrShown={mrrShown} />
        </Card>
      )}
      {conversion.data && (
        <Card title={t('economics.conversion')}>
          <Space direction="vertical" size="small" style={{ width: '100%' }}>
            <ConversionTable answer={conversion.data} />
            <Typography.Text type="secondary" data-testid="conversion-matures">
              {t('economics.conversionMatures')}
            </Typography.Text>
          </Space>
        </Card>
      )}
      <EconomicsRestatements query={query} />
    </Space>
  )
}
