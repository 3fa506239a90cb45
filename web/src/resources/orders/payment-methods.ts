import { paymentProviders } from '@vod/contract/resources/commerce'
import type { TFunction } from 'i18next'

export const paymentMethodColors = {
  segpay: 'blue',
  ccbill: 'purple',
  epoch: 'cyan',
  verotel: 'gold',
} as const

export const paymentMethodOptions = (t: TFunction) =>
  paymentProviders.map((method) => ({ value: method, label: t(`orders.paymentMethods.${method}`) }))
