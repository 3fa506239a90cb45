import { STORE_CURRENCY } from '@vod/contract/values'
import { formatMoney as formatAmount } from '../../components/resource/format.ts'

/**
 * A decimal string as money with the store's currency, exactly ("1234.5" -> "USD 1,234.50"): the one money
 * format of every screen, the lists' (components/resource/Display.tsx `Money`) included. The digits are never
 * turned into a float (Intl formats a decimal string as written).
 */
export function formatMoney(value: string, language: string): string {
  return `${STORE_CURRENCY} ${formatAmount(value, language)}`
}
