import { ReconciliationOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { plansGroup } from '../groups.ts'
import { subscriptionsLocale } from './locale.ts'

/** Members' subscriptions: /plans/subscriptions, a list hidden from the menu (spec section 2). */
export const subscriptions = defineResource({
  name: 'subscriptions',
  group: plansGroup,
  base: '/plans/subscriptions',
  icon: ReconciliationOutlined,
  locale: subscriptionsLocale,
  hidden: true,
  screens: { list: () => import('./SubscriptionList.tsx') },
})
