import { ShoppingCartOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { ordersGroup } from '../groups.ts'
import { ordersLocale } from './locale.ts'

/**
 * Members' orders: /orders (spec section 2: list, {id}, edit/{id}); no create screen and no delete, orders
 * come from the payment providers. Staff correct the fees, the transaction number and the payment method.
 */
export const orders = defineResource({
  name: 'orders',
  group: ordersGroup,
  base: '/orders',
  icon: ShoppingCartOutlined,
  locale: ordersLocale,
  screens: {
    list: () => import('./OrderList.tsx'),
    show: () => import('./OrderShow.tsx'),
    edit: () => import('./OrderForm.tsx'),
  },
})
