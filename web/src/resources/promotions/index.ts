import { TagsOutlined } from '@ant-design/icons'
import { promotionsContract } from '@vod/contract/resources/plans'
import { defineResource } from '../../components/resource/define-resource.ts'
import { plansGroup } from '../groups.ts'
import { promotionsLocale } from './locale.ts'

/** Promotion codes: /plans/promotions (spec section 2). */
export const promotions = defineResource({
  contract: promotionsContract,
  group: plansGroup,
  base: '/plans/promotions',
  icon: TagsOutlined,
  locale: promotionsLocale,
  screens: {
    list: true,
    create: () => import('./PromotionForm.tsx'),
    edit: () => import('./PromotionForm.tsx'),
    show: true,
  },
  list: {
    columns: ['id', 'name', 'code', 'started_at', 'ended_at', 'times', 'status', 'plans'],
    filters: ['status', 'plan_id', 'started_at'],
  },
  form: { initialValues: { times: 100, plan_ids: [] } },
})
