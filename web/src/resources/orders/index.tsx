import { ShoppingCartOutlined } from '@ant-design/icons'
import { ordersContract } from '@vod/contract/resources/orders'
import { defineResource } from '../../components/resource/define-resource.ts'
import { ordersGroup } from '../groups.ts'
import { ordersLocale } from './locale.ts'
import { RefundsNote } from './RefundsNote.tsx'

/**
 * Members' orders: /orders (spec section 2: list, {id}, edit/{id}); no create screen and no delete, orders
 * come from the payment providers. Staff correct the fees, the transaction number and the payment method.
 * `?user_id=N` (the member page's link) opens the list on one member's orders.
 */
export const orders = defineResource({
  contract: ordersContract,
  group: ordersGroup,
  base: '/orders',
  icon: ShoppingCartOutlined,
  locale: ordersLocale,
  screens: { list: true, show: () => import('./OrderShow.tsx'), edit: true },
  list: {
    columns: [
      'id',
      'order_no',
      'user_id',
      'plan_id',
      'amount',
      'fees',
      'refunded',
      'charged_back',
      'net',
      'total_amount',
      'payment_method',
      'transaction_number',
      'paid_at',
      'channel_id',
    ],
    // The table fits a 1440 px screen; these come back through the column picker.
    hidden: ['id', 'fees', 'payment_method', 'transaction_number', 'channel_id'],
    // What a phone keeps: which order, whose, how much, when.
    phone: ['order_no', 'user_id', 'amount', 'paid_at'],
    filters: ['payment_method', 'plan_id', 'user_id', 'paid_at'],
    totalsNote: (filters) => <RefundsNote filters={filters} />,
  },
  show: {
    items: [
      'order_no',
      'user_id',
      'plan_id',
      'payment_method',
      'transaction_number',
      'paid_at',
      'amount',
      'fees',
      'total_amount',
      'refunded',
      'charged_back',
      'net',
      'channel_id',
      'campaign_id',
      'created_at',
      'updated_at',
    ],
  },
})
