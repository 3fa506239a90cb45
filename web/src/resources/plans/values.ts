import { periodUnits } from '@vod/contract/resources/commerce'
import { PRICE_PATTERN } from '@vod/contract/resources/plans'
import type { FormRule } from 'antd'
import type { TFunction } from 'i18next'

/** A price typed as text and sent as typed ("19.99"): never a number, so never a float. */
export const priceRules = (t: TFunction): FormRule[] => [
  {
    validator: (_, value?: string | null) =>
      !value || PRICE_PATTERN.test(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(t('plans.priceRule'))),
  },
]

/** An empty optional price is none at all. */
export const priceOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null

export const periodUnitOptions = (t: TFunction) =>
  periodUnits.map((unit) => ({ value: unit, label: t(`plans.units.${unit}`) }))

/** "3 months" / "3 个月": a period as people read it. */
export const periodText = (t: TFunction, count: number | null, unit: string | null): string =>
  count === null || unit === null ? '' : t(`plans.periods.${unit}`, { count })

export const flagOptions = (t: TFunction) => [
  { value: '1', label: t('resource.yes') },
  { value: '0', label: t('resource.no') },
]

export const enabledColors = { enabled: 'green', disabled: 'default' } as const
