import { FileDoneOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { ordersGroup } from '../groups.ts'
import { segpayPayoutReportsLocale } from './locale.ts'

/** Segpay payout reports: /orders/segpays (spec section 2: list, create, edit/{id}, {id}). */
export const segpayPayoutReports = defineResource({
  name: 'segpay-payout-reports',
  group: ordersGroup,
  base: '/orders/segpays',
  icon: FileDoneOutlined,
  locale: segpayPayoutReportsLocale,
  screens: {
    list: () => import('./PayoutReportList.tsx'),
    create: () => import('./PayoutReportForm.tsx'),
    edit: () => import('./PayoutReportForm.tsx'),
    show: () => import('./PayoutReportShow.tsx'),
  },
})
