import { TagsOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { plansGroup } from '../groups.ts'
import { promotionsLocale } from './locale.ts'

/** Promotion codes: /plans/promotions (spec section 2). */
export const promotions = defineResource({
  name: 'promotions',
  group: plansGroup,
  base: '/plans/promotions',
  icon: TagsOutlined,
  locale: promotionsLocale,
  screens: {
    list: () => import('./PromotionList.tsx'),
    create: () => import('./PromotionForm.tsx'),
    edit: () => import('./PromotionForm.tsx'),
    show: () => import('./PromotionShow.tsx'),
  },
})
