import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { dayIn } from '@vod/contract/periods'
import { Alert, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ReportSubscription, reportSubscriptionsApi } from '../../api/report-subscriptions.ts'
import { languageNames } from '../../base/language.ts'
import { notify } from '../../base/notify.ts'
import { ScrollRegion } from '../../components/scroll-region/ScrollRegion.tsx'
import { useCan } from '../../stores/permission.ts'
import { hourInReaderZone } from './local-hour.ts'
import { hourText, subscriptionsKey } from './SubscribeReport.tsx'

const stateColors: Record<string, string> = {
  sent: 'success',
  queued: 'processing',
  failed: 'error',
  outbox: 'default',
  withheld: 'warning',
}

/** The columns both tables share: the report, its channel, when it goes out, in which language, its last. */
function useColumns(): ColumnsType<ReportSubscription> {
  const { t } = useTranslation()
  return [
    {
      title: t('analytics.subscriptions.report'),
      dataIndex: 'report',
      render: (report: ReportSubscription['report']) => t(`analytics.subscriptions.reports.${report}`),
    },
    {
      title: t('analytics.channel'),
      dataIndex: 'channel_name',
      render: (name: string | null) => name ?? t('analytics.subscriptions.everyChannel'),
    },
    {
      title: t('analytics.subscriptions.when'),
      key: 'when',
      render: (_, row) => {
        const hour = hourText(row.hour)
        const when =
          row.frequency === 'weekly'
            ? t('analytics.subscriptions.weeklyAt', {
                weekday: t(`analytics.subscriptions.weekdays.${row.weekday ?? 1}`),
                hour,
                zone: row.time_zone,
              })
            : t(`analytics.subscriptions.${row.frequency}At`, { hour, zone: row.time_zone })
        // Beside the business zone's hour, the reader's own (today's: a summer-time change may move it).
        const local = hourInReaderZone(dayIn(row.time_zone), row.hour, row.time_zone)
        return (
          <span data-testid={`when-${row.id}`}>
            {when}
            {local && (
              <>
                <br />
                <Typography.Text type="secondary">
                  {t('analytics.subscriptions.yourTime', local)}
                </Typography.Text>
              </>
            )}
          </span>
        )
      },
    },
    {
      title: t('analytics.subscriptions.language'),
      dataIndex: 'language',
      render: (language: ReportSubscription['language']) => languageNames[language],
    },
    {
      title: t('analytics.subscriptions.last'),
      key: 'last',
      render: (_, row) =>
        row.last_state ? (
          <Space size={4}>
            <Tag color={stateColors[row.last_state]}>
              {t(`analytics.subscriptions.states.${row.last_state}`)}
            </Tag>
            <span>
              {row.last_period_start === row.last_period_end
                ? row.last_period_start
                : `${row.last_period_start} – ${row.last_period_end}`}
            </span>
          </Space>
        ) : (
          t('analytics.subscriptions.none')
        ),
    },
  ]
}

/** Everyone's subscriptions, for who may list admins (the API's `list-admins`). */
function EveryonesSubscriptions() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const columns = useColumns()
  const all = useQuery({
    queryKey: [...subscriptionsKey, 'all', page],
    queryFn: ({ signal }) => reportSubscriptionsApi.all(page, signal),
    placeholderData: keepPreviousData,
  })
  return (
    <Card title={t('analytics.subscriptions.everyone')}>
      <ScrollRegion label={t('analytics.subscriptions.everyone')}>
        <Table<ReportSubscription>
          rowKey="id"
          size="small"
          loading={all.isFetching}
          dataSource={all.data?.data ?? []}
          columns={[
            { title: t('analytics.subscriptions.subscriber'), dataIndex: 'admin_username' },
            ...columns,
          ]}
          pagination={{
            current: page,
            pageSize: 20,
            total: all.data?.meta.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
        />
      </ScrollRegion>
    </Card>
  )
}

/**
 * "My report subscriptions": the reports the caller gets by e-mail, each cancellable, and, for who may list
 * admins, everyone's. Reached from the report screens' subscribe control.
 */
export default function ReportSubscriptionsPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const mayListAdmins = useCan('list', 'admins')
  const columns = useColumns()
  const mine = useQuery({
    queryKey: [...subscriptionsKey, 'mine'],
    queryFn: ({ signal }) => reportSubscriptionsApi.mine(signal),
  })
  const cancel = useMutation({
    mutationFn: (id: number) => reportSubscriptionsApi.cancel(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: subscriptionsKey })
      await notify('success', t('analytics.subscriptions.cancelled'))
    },
    onError: (error) => notify('error', error.message),
  })
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('analytics.subscriptions.title')}>
        <Typography.Paragraph type="secondary">{t('analytics.subscriptions.intro')}</Typography.Paragraph>
        {mine.error && <Alert type="error" showIcon message={mine.error.message} />}
        <ScrollRegion label={t('analytics.subscriptions.title')}>
          <Table<ReportSubscription>
            rowKey="id"
            size="small"
            loading={mine.isFetching}
            dataSource={mine.data?.data ?? []}
            pagination={false}
            data-testid="my-report-subscriptions"
            columns={[
              ...columns,
              {
                title: t('analytics.subscriptions.actions'),
                key: 'actions',
                render: (_, row) => (
                  <Popconfirm
                    title={t('analytics.subscriptions.cancelConfirm')}
                    okText={t('analytics.subscriptions.cancelSubscription')}
                    cancelText={t('analytics.subscriptions.cancel')}
                    onConfirm={() => cancel.mutate(row.id)}
                  >
                    <Button danger size="small">
                      {t('analytics.subscriptions.cancelSubscription')}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]}
          />
        </ScrollRegion>
      </Card>
      {mayListAdmins && <EveryonesSubscriptions />}
    </Space>
  )
}
