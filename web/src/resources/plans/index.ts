import { ProfileOutlined } from '@ant-design/icons'
import { type Plan, plansContract } from '@vod/contract/resources/plans'
import type { TFunction } from 'i18next'
import { defineResource } from '../../components/resource/define-resource.ts'
import { plansGroup } from '../groups.ts'
import { plansLocale } from './locale.ts'

/** "3 months" / "3 个月": a period as people read it. */
const period = (t: TFunction, count: number | null, unit: string | null): string =>
  count === null || unit === null ? '' : t(`plans.periods.${unit}`, { count })

const initial = {
  field: 'initial_period_count',
  render: (plan: Plan, t: TFunction) => period(t, plan.initial_period_count, plan.initial_period_unit),
} as const
const recurring = {
  field: 'recurring_period_count',
  render: (plan: Plan, t: TFunction) => period(t, plan.recurring_period_count, plan.recurring_period_unit),
} as const

/** Subscription plans: /plans, edit at /plans/{id}/edit (spec section 2); never deleted, exported as plans.csv. */
export const plans = defineResource({
  contract: plansContract,
  group: plansGroup,
  base: '/plans',
  icon: ProfileOutlined,
  locale: plansLocale,
  paths: { edit: ':id/edit' },
  // Pickers and links name a plan by its title, as the member site does; `yearly` is its code.
  shownLabel: 'title',
  screens: { list: true, create: true, edit: true, show: true },
  show: { related: [{ resource: 'subscriptions', filter: 'plan_id' }] },
  list: {
    columns: [
      'id',
      'name',
      'title',
      initial,
      'initial_original_price',
      'initial_discount_price',
      recurring,
      'recurring_original_price',
      'recurring_discount_price',
      'show',
      'is_best',
      'sort',
    ],
    // The table fits a 1440 px screen: what is charged shows, the rest comes back through the column picker.
    hidden: ['title', 'initial_original_price', 'recurring_original_price', 'is_best', 'sort'],
    filters: ['show', 'is_best', 'downloadable'],
  },
  form: { initialValues: { initial_period_count: 1, initial_period_unit: 'month', show: 1, sort: 0 } },
})
