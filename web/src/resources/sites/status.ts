import { siteStatuses } from '@vod/contract/resources/sites'
import type { TFunction } from 'i18next'

export const siteStatusColors = { enabled: 'green', disabled: 'default' } as const

export const siteStatusOptions = (t: TFunction) =>
  siteStatuses.map((status) => ({ value: status, label: t(`sites.statuses.${status}`) }))
