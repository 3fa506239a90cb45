import { postStatuses } from '@vod/contract/resources/posts'
import type { TFunction } from 'i18next'

export const postStatusColors = { draft: 'default', published: 'green' } as const

export const postStatusOptions = (t: TFunction) =>
  postStatuses.map((status) => ({ value: status, label: t(`posts.statuses.${status}`) }))
