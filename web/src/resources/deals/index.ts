import { FireOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { plansGroup } from '../groups.ts'
import { dealsLocale } from './locale.ts'

/** Deals, a plan at another price for a while: /plans/deals (spec section 2). */
export const deals = defineResource({
  name: 'deals',
  group: plansGroup,
  base: '/plans/deals',
  icon: FireOutlined,
  locale: dealsLocale,
  screens: {
    list: () => import('./DealList.tsx'),
    create: () => import('./DealForm.tsx'),
    edit: () => import('./DealForm.tsx'),
    show: () => import('./DealShow.tsx'),
  },
})
