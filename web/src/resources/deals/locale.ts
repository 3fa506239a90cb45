import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const dealsLocale = defineResourceLocale({
  title: ['Deals', '限时特价'],
  noun: ['deal', '限时特价'],
  hints: {
    price: [
      "Above zero and not above the plan's initial original price.",
      '须大于零，且不高于套餐的首期原价。',
    ],
  },
})
