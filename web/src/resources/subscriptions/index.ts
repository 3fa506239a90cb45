import { ReconciliationOutlined } from '@ant-design/icons'
import { subscriptionsContract } from '@vod/contract/resources/plans'
import { defineResource } from '../../components/resource/define-resource.ts'
import { plansGroup } from '../groups.ts'
import { subscriptionsLocale } from './locale.ts'

/**
 * Members' subscriptions: /plans/subscriptions. Spec section 2 hides it from the menu; finance looks for it
 * there, so it is in the menu, and reached from a member, a plan and a channel too (their `show.related`).
 */
export const subscriptions = defineResource({
  contract: subscriptionsContract,
  group: plansGroup,
  base: '/plans/subscriptions',
  icon: ReconciliationOutlined,
  locale: subscriptionsLocale,
  screens: { list: true },
  list: { filters: ['status', 'plan_id', 'channel_id', 'user_id', 'started_at', 'ended_at'] },
})
