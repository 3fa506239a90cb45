import { useQueryClient } from '@tanstack/react-query'
import type { OrderEvent } from '@vod/contract/resources/analytics'
import type { OrderEventKind } from '@vod/contract/resources/analytics-values'
import type { Order } from '@vod/contract/resources/orders'
import { Button, Card, Form, Input, Modal, Space, Table } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, http } from '../../api/http.ts'
import { can } from '../../base/permission-match.ts'
import { formatDateTime, formatMoney } from '../../components/resource/format.ts'
import { fieldLabel } from '../../components/resource/labels.ts'
import { usePermissions } from '../../stores/permission.ts'

/**
 * An order's refunds and chargebacks (docs/analytics.md), and the buttons that record one: the amount (at
 * most what is left, the server says so under the field otherwise) and why.
 */
export function MoneyBack({ order }: { order: Order }) {
  const { t, i18n } = useTranslation()
  const names = usePermissions((state) => state.names)
  const queries = useQueryClient()
  const [kind, setKind] = useState<OrderEventKind | null>(null)
  const [saving, setSaving] = useState(false)
  const [form] = Form.useForm<{ amount: string; reason?: string }>()
  const money = (value: string) => formatMoney(value, i18n.language)

  const submit = async (values: { amount: string; reason?: string }) => {
    setSaving(true)
    try {
      await http.post(`/orders/${order.id}/${kind}`, { body: values })
      setKind(null)
      form.resetFields()
      await queries.invalidateQueries({ queryKey: ['orders'] })
    } catch (error) {
      if (error instanceof ApiError)
        form.setFields([{ name: 'amount', errors: [error.fieldErrors.amount ?? error.message] }])
      else throw error
    } finally {
      setSaving(false)
    }
  }
  const offered = (['refund', 'chargeback'] as const).filter((k) => can(names, k, 'orders'))
  // What may still go back: the amount less its refunds and chargebacks (in cents, as the server counts).
  const cents = (value: string) => Math.round(Number(value) * 100)
  const left = Math.max(0, cents(order.amount) - cents(order.refunded) - cents(order.charged_back))

  return (
    <Card
      title={t('orders.moneyBack')}
      size="small"
      style={{ marginTop: 16, maxWidth: 720 }}
      extra={
        order.paid_at && (
          <Space>
            {offered.map((k) => (
              <Button
                key={k}
                onClick={() => setKind(k)}
                data-testid={`order-${k}`}
                // Nothing is left to give back once the whole amount went back.
                disabled={left === 0}
              >
                {t(`orders.kinds.${k}`)}
              </Button>
            ))}
          </Space>
        )
      }
    >
      <p>
        {t('orders.fields.refunded')}: {money(order.refunded)} · {t('orders.fields.charged_back')}:{' '}
        {money(order.charged_back)} · {t('orders.left')}:{' '}
        <strong data-testid="order-left">{money((left / 100).toFixed(2))}</strong>
      </p>
      <Table<OrderEvent>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={order.events}
        data-testid="order-events"
        columns={[
          {
            key: 'kind',
            dataIndex: 'kind',
            title: t('orders.kind'),
            render: (k: OrderEventKind) => t(`orders.kinds.${k}`),
          },
          {
            key: 'amount',
            dataIndex: 'amount',
            title: fieldLabel(t, 'orders', 'amount'),
            align: 'right',
            render: money,
          },
          {
            key: 'occurred_at',
            dataIndex: 'occurred_at',
            title: t('orders.when'),
            render: formatDateTime,
          },
          { key: 'reason', dataIndex: 'reason', title: t('orders.reason') },
          { key: 'created_by', dataIndex: 'created_by', title: t('orders.by') },
        ]}
      />
      <Modal
        open={kind !== null}
        title={kind && t(`orders.kinds.${kind}`)}
        okText={t('orders.record')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setKind(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="amount"
            label={fieldLabel(t, 'orders', 'amount')}
            rules={[{ required: true, pattern: /^\d{1,10}(\.\d{1,2})?$/, message: t('orders.amountRule') }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="reason" label={t('orders.reason')}>
            <Input maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  )
}
