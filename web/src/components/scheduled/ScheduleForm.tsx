import {
  type ScheduledAction,
  type ScheduledChange,
  scheduledActions,
  scheduledTakeDownAsksWhy,
} from '@vod/contract/resources/scheduled-changes'
import { DatePicker, Form, Input, Modal, Radio, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { businessZone } from '../../base/business-zone.ts'
import { notify } from '../../base/notify.ts'
import { timeZoneLabel } from '../resource/format.ts'
import { useClient } from '../resource/resource-queries.ts'
import { testId } from '../resource/test-id.ts'
import { instantOfWallClock, readerClock, readerZone, type WallClock, wallClockIn } from './zone-clock.ts'

const WALL_FORMAT = 'YYYY-MM-DD HH:mm'

interface Values {
  action: ScheduledAction
  when: WallClock
  reason?: string
}

/**
 * The time of a schedule, picked on the business zone's wall clock (the picker's day and hour are that
 * zone's, whatever zone the browser is in), with the same instant on the staff member's own clock below.
 */
function WhenPicker({
  value,
  onChange,
  reader,
  id,
}: {
  value?: WallClock
  onChange?: (value: WallClock | undefined) => void
  reader: string
  id?: string
}) {
  const { t } = useTranslation()
  const at = value ? instantOfWallClock(businessZone(), value) : null
  return (
    <>
      <DatePicker
        id={id}
        showTime={{ format: 'HH:mm' }}
        format={WALL_FORMAT}
        style={{ width: '100%' }}
        data-testid="schedule-when"
        value={value ? dayjs(value) : null}
        onChange={(picked: Dayjs | null) => onChange?.(picked ? picked.format(WALL_FORMAT) : undefined)}
      />
      <Typography.Text type="secondary" data-testid="schedule-zone">
        {t('scheduled.whenHint', { zone: timeZoneLabel() })}
      </Typography.Text>
      {at && (
        <div>
          <Typography.Text data-testid="schedule-your-time">
            {t('scheduled.yourTime', { time: readerClock(at, reader) })}
          </Typography.Text>
        </div>
      )}
    </>
  )
}

interface ScheduleFormProps {
  resource: string
  recordId: number
  /** The pending change being changed; none: a new one. */
  change?: ScheduledChange
  onClose: () => void
  onSaved: () => void
  /** The staff member's own zone (the browser's unless a test says). */
  reader?: string
}

/**
 * "Schedule" on a record (issue 67 item 4): publish or take down at a time entered in the business zone,
 * with the reason a take-down asks where its manual one does. Saving answers the server's rules (422 on a
 * field, 403) as a message.
 */
export function ScheduleForm({
  resource,
  recordId,
  change,
  onClose,
  onSaved,
  reader = readerZone(),
}: ScheduleFormProps) {
  const { t } = useTranslation()
  const client = useClient<ScheduledChange>('scheduled-changes')
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const action = Form.useWatch('action', form) ?? change?.action ?? 'publish'
  const asksWhy = action === 'take_down' && scheduledTakeDownAsksWhy[resource] === true
  const initial: Values = {
    action: change?.action ?? 'publish',
    // A new one starts an hour ahead, on the hour.
    when: wallClockIn(
      businessZone(),
      change ? new Date(change.run_at) : new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000),
    ),
    reason: change?.reason ?? undefined,
  }

  const submit = async (values: Values) => {
    const at = instantOfWallClock(businessZone(), values.when)
    if (!at) return
    const body = {
      action: values.action,
      run_at: at.toISOString(),
      reason: asksWhy ? (values.reason ?? null) : null,
    }
    setSaving(true)
    try {
      if (change) await client.update(change, body)
      else await client.create({ ...body, resource, record_id: recordId })
      void notify('success', t('scheduled.saved'))
      onSaved()
    } catch (error) {
      void notify('error', (error as Error).message)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open
      title={t(change ? 'scheduled.change' : 'scheduled.schedule')}
      okText={t('resource.save')}
      cancelText={t('resource.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ ...testId('schedule-save') }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} name="schedule">
        <Form.Item name="action" label={t('scheduled.action')}>
          <Radio.Group
            data-testid="schedule-action"
            options={scheduledActions.map((value) => ({ value, label: t(`scheduled.actions.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="when" label={t('scheduled.when')} rules={[{ required: true }]}>
          <WhenPicker reader={reader} />
        </Form.Item>
        {asksWhy && (
          <Form.Item
            name="reason"
            label={t('scheduled.reason')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input.TextArea data-testid="schedule-reason" maxLength={500} rows={2} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  )
}
