import { videoStatuses } from '@vod/contract/resources/videos'
import type { TFunction } from 'i18next'

export const videoStatusColors = { draft: 'default', published: 'green' } as const

export const videoStatusOptions = (t: TFunction) =>
  videoStatuses.map((status) => ({ value: status, label: t(`videos.statuses.${status}`) }))

export const flagOptions = (t: TFunction) => [
  { value: '1', label: t('resource.yes') },
  { value: '0', label: t('resource.no') },
]
