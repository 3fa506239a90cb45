import { FileDoneOutlined } from '@ant-design/icons'
import { segpayPayoutReportsContract } from '@vod/contract/resources/orders'
import { defineResource } from '../../components/resource/define-resource.ts'
import { ordersGroup } from '../groups.ts'
import { segpayPayoutReportsLocale } from './locale.ts'

/** Segpay payout reports: /orders/segpays (spec section 2: list, create, edit/{id}, {id}). */
export const segpayPayoutReports = defineResource({
  contract: segpayPayoutReportsContract,
  group: ordersGroup,
  base: '/orders/segpays',
  icon: FileDoneOutlined,
  locale: segpayPayoutReportsLocale,
  screens: { list: true, create: true, edit: true, show: true },
  list: { columns: ['id', 'reference', 'period_start', 'period_end', 'gross', 'net', 'currency', 'paid_on'] },
  form: {
    fields: [
      'reference',
      'period_start',
      'period_end',
      'gross',
      'fees',
      'refunds',
      'chargebacks',
      'net',
      'currency',
      'paid_on',
      'note',
    ],
    initialValues: { currency: 'USD', fees: '0.00', refunds: '0.00', chargebacks: '0.00' },
  },
})
