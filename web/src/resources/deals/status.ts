import { dealStatuses } from '@vod/contract/resources/commerce'
import type { TFunction } from 'i18next'

export const dealStatusColors = { enabled: 'green', disabled: 'default' } as const

export const dealStatusOptions = (t: TFunction) =>
  dealStatuses.map((status) => ({ value: status, label: t(`deals.statuses.${status}`) }))
