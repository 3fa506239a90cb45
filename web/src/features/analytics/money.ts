import { STORE_CURRENCY } from '@vod/contract/values'
import { formatMoney as formatAmount } from '../../components/resource/format.ts'

/** A decimal string above zero ("0.01", "12"; not "0.00" nor "-3"): what a change writes with a plus. */
export const isAboveZero = (value: string) => !value.startsWith('-') && /[1-9]/.test(value)

/**
 * A decimal string as money with the store's currency, exactly ("1234.5" -> "USD 1,234.50"): the one money
 * format of every screen, the lists' (components/resource/Display.tsx `Money`) included. The digits are never
 * turned into a float (Intl formats a decimal string as written). `signed`: a change, a gain with its plus
 * ("USD +2.50") as a loss has its minus.
 */
export function formatMoney(value: string, language: string, signed = false): string {
  return `${STORE_CURRENCY} ${signed && isAboveZero(value) ? '+' : ''}${formatAmount(value, language)}`
}
