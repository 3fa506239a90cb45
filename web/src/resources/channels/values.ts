import { channelStatuses, channelTypes } from '@vod/contract/resources/channels'
import type { FormRule } from 'antd'
import type { TFunction } from 'i18next'

export const channelStatusColors = { active: 'green', archived: 'default' } as const

export const channelTypeOptions = (t: TFunction) =>
  channelTypes.map((type) => ({ value: type, label: t(`channels.types.${type}`) }))

export const channelStatusOptions = (t: TFunction) =>
  channelStatuses.map((status) => ({ value: status, label: t(`channels.statuses.${status}`) }))

export const flagOptions = (t: TFunction) => [
  { value: '1', label: t('resource.yes') },
  { value: '0', label: t('resource.no') },
]

/** A text field checked against the contract's pattern (the server checks it again); empty passes. */
export const patternRules = (pattern: RegExp, message: string): FormRule[] => [
  {
    validator: (_, value?: string | null) =>
      !value || pattern.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(message)),
  },
]

/** Empty text is none at all; decimals go as typed (exact strings, never numbers). */
export const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null
