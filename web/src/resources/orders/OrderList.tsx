import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { orders } from './index.ts'
import { paymentMethodColors, paymentMethodOptions } from './payment-methods.ts'
import type { Order } from './types.ts'

/**
 * /orders: every order by number, member, plan, money and payment. `?user_id=N` (the member page's link, the
 * API's own name) opens the list on one member's orders.
 */
export default function OrderList() {
  const { t } = useTranslation()
  const [search, setSearch] = useSearchParams()
  const wireUserId = search.get('user_id')
  useEffect(() => {
    if (wireUserId === null) return
    const next = new URLSearchParams(search)
    next.delete('user_id')
    if (/^\d+$/.test(wireUserId)) next.set('userId', wireUserId)
    setSearch(next, { replace: true })
  }, [wireUserId, search, setSearch])

  const columns: ResourceColumn<Order>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'orderNo', sortable: true },
    { key: 'username' },
    { key: 'planName', sortable: true },
    { key: 'amount', sortable: true, type: 'money' },
    { key: 'totalAmount', sortable: true, type: 'money' },
    {
      key: 'paymentMethod',
      sortable: true,
      type: 'status',
      colors: paymentMethodColors,
      values: 'paymentMethods',
    },
    { key: 'transactionNumber' },
    { key: 'paidAt', sortable: true, type: 'datetime' },
    { key: 'channelName' },
  ]
  if (wireUserId !== null) return null
  return (
    <ResourceList<Order>
      resource={orders}
      columns={columns}
      filters={[
        { name: 'paymentMethod', options: paymentMethodOptions(t) },
        { name: 'planId', kind: 'record', resource: 'plans' },
        { name: 'userId', kind: 'record', resource: 'users' },
        { name: 'paidAt', kind: 'dateRange' },
      ]}
      defaultSort="-paidAt"
      search
    />
  )
}
