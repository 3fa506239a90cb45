import { BellOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import {
  type ScheduledChange,
  scheduledResources,
  scheduledTakeDownAsksWhy,
} from '@vod/contract/resources/scheduled-changes'
import { Badge, Button, List, Popover, Space, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { resourceClient } from '../../api/resource-client.ts'
import { notify } from '../../base/notify.ts'
import { hasPermission } from '../../base/permission-match.ts'
import { useApp } from '../../stores/app.ts'
import { usePermissions } from '../../stores/permission.ts'
import { useSession } from '../../stores/session.ts'
import { RecordName } from '../resource/RecordName.tsx'
import { queryKeys } from '../resource/resource-queries.ts'
import { useSchedules } from './use-schedules.ts'

const SETTLE_MS = 3000

/**
 * The navbar's notice of the caller's scheduled changes that ran (issue 67 item 4), shown only while some are
 * unseen: what ran, how (the result, late or not), "Got it", and the manual undo where there is one (a
 * video's or post's take-down is undone by publishing it again).
 */
export function ScheduledNotices() {
  const { t } = useTranslation()
  const me = useSession((state) => state.profile?.id)
  const language = useApp((state) => state.language)
  const names = usePermissions((state) => state.names)
  const queryClient = useQueryClient()
  const schedules = scheduledResources.some((resource) => hasPermission(names, `edit-${resource}`))
  // Asked a while after the shell loads: a screen's own data (the dashboard's figures) goes first.
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), SETTLE_MS)
    return () => clearTimeout(timer)
  }, [])
  const { rows, refresh, client } = useSchedules(
    { created_by: me ?? 0, unseen: 1, sort: '-run_at', per_page: 20 },
    30_000,
    settled && schedules && me !== undefined,
  )
  const unseen = rows.data?.data ?? []
  if (unseen.length === 0) return null

  const seen = async (row: ScheduledChange) => {
    await client.action(row, 'seen').catch((error: Error) => notify('error', error.message))
    await refresh()
  }
  const undoable = (row: ScheduledChange) =>
    row.state === 'done' &&
    row.action === 'take_down' &&
    scheduledTakeDownAsksWhy[row.resource] === true &&
    hasPermission(names, `publish-${row.resource}`)
  const undo = async (row: ScheduledChange) => {
    try {
      await resourceClient(row.resource).action(row.record_id, 'publish')
      void notify('success', t('scheduled.notices.undone'))
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(row.resource) })
    } catch (error) {
      void notify('error', (error as Error).message)
    }
    await seen(row)
  }
  const content = (
    <List<ScheduledChange>
      size="small"
      style={{ maxWidth: 420 }}
      dataSource={unseen}
      renderItem={(row) => (
        <List.Item
          data-testid={`scheduled-notice-${row.id}`}
          actions={[
            ...(undoable(row)
              ? [
                  <Button key="undo" size="small" onClick={() => void undo(row)}>
                    {t('scheduled.notices.undo')}
                  </Button>,
                ]
              : []),
            <Button
              key="seen"
              size="small"
              data-testid={`scheduled-seen-${row.id}`}
              onClick={() => void seen(row)}
            >
              {t('scheduled.notices.seen')}
            </Button>,
          ]}
        >
          <Space orientation="vertical" size={0}>
            <span>
              {t(`scheduled.actions.${row.action}`)} · {t(`${row.resource}.title`)}:{' '}
              <RecordName resource={row.resource} id={row.record_id} />
            </span>
            <Typography.Text type={row.state === 'failed' ? 'danger' : 'secondary'}>
              {row.result?.[language === 'en' ? 'en' : 'zh-CN']}
            </Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  )
  return (
    <Popover trigger="click" title={t('scheduled.notices.title')} content={content}>
      <Badge count={unseen.length} size="small" offset={[-6, 8]}>
        <Button
          type="text"
          data-testid="scheduled-notices"
          aria-label={t('scheduled.notices.title')}
          icon={<BellOutlined />}
        />
      </Badge>
    </Popover>
  )
}
