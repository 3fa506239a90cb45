import { promotionStatuses } from '@vod/contract/resources/commerce'
import type { TFunction } from 'i18next'

export const promotionStatusColors = { enabled: 'green', disabled: 'default' } as const

export const promotionStatusOptions = (t: TFunction) =>
  promotionStatuses.map((status) => ({ value: status, label: t(`promotions.statuses.${status}`) }))
