import { ProfileOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { plansGroup } from '../groups.ts'
import { plansLocale } from './locale.ts'

/** Subscription plans: /plans, edit at /plans/{id}/edit (spec section 2); never deleted. */
export const plans = defineResource({
  name: 'plans',
  group: plansGroup,
  base: '/plans',
  icon: ProfileOutlined,
  locale: plansLocale,
  paths: { edit: ':id/edit' },
  screens: {
    list: () => import('./PlanList.tsx'),
    create: () => import('./PlanForm.tsx'),
    edit: () => import('./PlanForm.tsx'),
    show: () => import('./PlanShow.tsx'),
  },
})
