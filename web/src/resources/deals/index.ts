import { FireOutlined } from '@ant-design/icons'
import { dealsContract } from '@vod/contract/resources/plans'
import { defineResource } from '../../components/resource/define-resource.ts'
import { plansGroup } from '../groups.ts'
import { dealsLocale } from './locale.ts'

/** Deals, a plan at another price for a while: /plans/deals (spec section 2). */
export const deals = defineResource({
  contract: dealsContract,
  group: plansGroup,
  base: '/plans/deals',
  icon: FireOutlined,
  locale: dealsLocale,
  screens: { list: true, create: true, edit: true, show: true },
  list: { filters: ['status', 'plan_id', 'started_at'] },
})
