import type { ScheduledChange } from '@vod/contract/resources/scheduled-changes'
import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useApp } from '../../stores/app.ts'
import { stateColors } from '../resource/Display.tsx'
import { formatDateTime } from '../resource/format.ts'
import { RecordName } from '../resource/RecordName.tsx'
import { testId } from '../resource/test-id.ts'
import { readerClock } from './zone-clock.ts'

const colors: Record<string, string> = { ...stateColors, done: 'green', failed: 'red' }

interface ScheduleTableProps {
  rows: readonly ScheduledChange[]
  loading?: boolean
  /** Shows which record each row is about (the Scheduled screen); a record's own card leaves it out. */
  withRecord?: boolean
  onChange: (row: ScheduledChange) => void
  onCancel: (row: ScheduledChange) => void
}

/** Scheduled changes as rows: when (business zone, and the reader's clock), what, state and result. */
export function ScheduleTable({ rows, loading, withRecord, onChange, onCancel }: ScheduleTableProps) {
  const { t } = useTranslation()
  const language = useApp((state) => state.language)
  const said = (row: ScheduledChange) => row.result?.[language === 'en' ? 'en' : 'zh-CN'] ?? ''
  return (
    <Table<ScheduledChange>
      rowKey="id"
      size="small"
      pagination={false}
      loading={loading}
      dataSource={[...rows]}
      data-testid="schedule-rows"
      onRow={(row) => testId(`schedule-row-${row.id}`)}
      locale={{ emptyText: <Typography.Text type="secondary">{t('scheduled.none')}</Typography.Text> }}
      columns={[
        {
          key: 'run_at',
          title: t('scheduled.when'),
          render: (_, row) => (
            <Space orientation="vertical" size={0}>
              <span>{formatDateTime(row.run_at)}</span>
              <Typography.Text type="secondary">{readerClock(new Date(row.run_at))}</Typography.Text>
            </Space>
          ),
        },
        ...(withRecord
          ? [
              {
                key: 'record',
                title: t('scheduled.record'),
                render: (_: unknown, row: ScheduledChange) => (
                  <span>
                    {t(`${row.resource}.title`)}: <RecordName resource={row.resource} id={row.record_id} />
                  </span>
                ),
              },
            ]
          : []),
        {
          key: 'action',
          title: t('scheduled.action'),
          render: (_, row) => t(`scheduled.actions.${row.action}`),
        },
        { key: 'reason', title: t('scheduled.reason'), dataIndex: 'reason' },
        {
          key: 'state',
          title: t('scheduled.state'),
          render: (_, row) => (
            <Space size={4}>
              <Tag color={colors[row.state] ?? 'default'} data-testid={`schedule-state-${row.id}`}>
                {t(`scheduled.states.${row.state}`)}
              </Tag>
              {row.late === 1 && <Tag color="orange">{t('scheduled.late')}</Tag>}
            </Space>
          ),
        },
        { key: 'result', title: t('scheduled.result'), render: (_, row) => said(row) },
        { key: 'by', title: t('scheduled.by'), dataIndex: 'created_by_name' },
        {
          key: 'buttons',
          title: t('resource.actions'),
          render: (_, row) =>
            row.state === 'pending' && (
              <Space>
                <Button size="small" data-testid={`schedule-change-${row.id}`} onClick={() => onChange(row)}>
                  {t('scheduled.change')}
                </Button>
                <Popconfirm title={t('scheduled.cancelConfirm')} onConfirm={() => onCancel(row)}>
                  <Button size="small" danger data-testid={`schedule-cancel-${row.id}`}>
                    {t('scheduled.cancel')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
        },
      ]}
    />
  )
}
