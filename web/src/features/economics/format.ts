import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../analytics/money.ts'

/** Money with its currency, exactly as the API wrote it; '-' for none (no paying member, no churn). */
export function useMoney() {
  const { i18n } = useTranslation()
  return useCallback(
    (value: string | null | undefined) =>
      value === null || value === undefined ? '-' : formatMoney(value, i18n.language),
    [i18n.language],
  )
}

/** A ratio of four places as a percentage of two ("0.1234" -> "12.34%"); '-' for none. */
export const percent = (value: string | null | undefined): string =>
  value === null || value === undefined ? '-' : `${(Number(value) * 100).toFixed(2)}%`
