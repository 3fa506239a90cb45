import { MailOutlined } from '@ant-design/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  type ReportFrequency,
  reportFrequencies,
  type SubscribedReport,
} from '@vod/contract/resources/report-subscriptions'
import { Button, Form, Modal, Radio, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ApiError } from '../../api/http.ts'
import { reportSubscriptionsApi } from '../../api/report-subscriptions.ts'
import { isLanguage, languageNames, languages } from '../../base/language.ts'
import { notify } from '../../base/notify.ts'

/** Where the caller's subscriptions are listed and cancelled. */
const SUBSCRIPTIONS_PATH = '/analytics/report-subscriptions'
export const subscriptionsKey = ['report-subscriptions'] as const

interface Values {
  frequency: ReportFrequency
  weekday?: number
  hour: number
  language: 'zh-cn' | 'en'
}

const weekdays = [1, 2, 3, 4, 5, 6, 7]
const hours = Array.from({ length: 24 }, (_, hour) => hour)
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`

/**
 * "Subscribe": the report of the screen being read, by e-mail, daily or weekly at an hour of the business
 * zone, in a language (the screen's by default); the channel picked on the screen, or every channel.
 */
export function SubscribeReport({
  report,
  channel,
  channelName,
  zone,
}: {
  report: SubscribedReport
  channel: number | null
  channelName: string | null
  zone: string
}) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  const [form] = Form.useForm<Values>()
  const frequency = Form.useWatch('frequency', form)
  const queryClient = useQueryClient()
  const subscribe = useMutation({
    mutationFn: (values: Values) =>
      reportSubscriptionsApi.subscribe({
        report,
        channel_id: channel,
        frequency: values.frequency,
        weekday: values.frequency === 'weekly' ? (values.weekday ?? 1) : null,
        hour: values.hour,
        language: values.language,
      }),
    onSuccess: async () => {
      setOpen(false)
      await queryClient.invalidateQueries({ queryKey: subscriptionsKey })
      await notify('success', t('analytics.subscriptions.subscribed'))
    },
    onError: async (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
        form.setFields(
          Object.entries(error.fieldErrors)
            .filter(([name]) => ['frequency', 'weekday', 'hour', 'language'].includes(name))
            .map(([name, message]) => ({ name: name as keyof Values, errors: [message] })),
        )
      await notify('error', error.message)
    },
  })

  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setOpen(true)} data-testid="subscribe-report">
        {t('analytics.subscriptions.subscribe')}
      </Button>
      <Link to={SUBSCRIPTIONS_PATH}>{t('analytics.subscriptions.mine')}</Link>
      <Modal
        open={open}
        title={t('analytics.subscriptions.subscribeTitle', {
          report: t(`analytics.subscriptions.reports.${report}`),
        })}
        okText={t('analytics.subscriptions.subscribe')}
        cancelText={t('analytics.subscriptions.cancel')}
        confirmLoading={subscribe.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<Values>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{
            frequency: 'daily',
            weekday: 1,
            hour: 8,
            language: isLanguage(i18n.language) ? i18n.language : languages[0],
          }}
          onFinish={(values) => subscribe.mutate(values)}
        >
          <Form.Item name="frequency" label={t('analytics.subscriptions.frequency')}>
            <Radio.Group
              optionType="button"
              options={reportFrequencies.map((value) => ({
                value,
                label: t(`analytics.subscriptions.frequencies.${value}`),
              }))}
            />
          </Form.Item>
          {frequency === 'weekly' && (
            <Form.Item name="weekday" label={t('analytics.subscriptions.weekday')}>
              <Select
                options={weekdays.map((day) => ({
                  value: day,
                  label: t(`analytics.subscriptions.weekdays.${day}`),
                }))}
              />
            </Form.Item>
          )}
          <Form.Item
            name="hour"
            label={t('analytics.subscriptions.hour', { zone })}
            extra={t(`analytics.subscriptions.${frequency ?? 'daily'}Hint`)}
          >
            <Select options={hours.map((hour) => ({ value: hour, label: hourText(hour) }))} />
          </Form.Item>
          <Form.Item name="language" label={t('analytics.subscriptions.language')}>
            <Select options={languages.map((value) => ({ value, label: languageNames[value] }))} />
          </Form.Item>
          <Form.Item label={t('analytics.channel')}>
            {channel === null ? t('analytics.subscriptions.everyChannel') : (channelName ?? String(channel))}
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}
