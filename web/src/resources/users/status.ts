import { userStatuses } from '@vod/contract/resources/members'
import type { TFunction } from 'i18next'

export const userStatusColors = { enabled: 'green', disabled: 'red' }

export const userStatusOptions = (t: TFunction) =>
  userStatuses.map((status) => ({ value: status, label: t(`users.statuses.${status}`) }))
