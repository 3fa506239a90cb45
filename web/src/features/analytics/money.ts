import { STORE_CURRENCY } from '@vod/contract/values'

const formats = new Map<string, Intl.NumberFormat>()

/**
 * A decimal string as money with the store's currency, exactly ("1234.5" -> "US$1,234.50"): the digits are
 * never turned into a float (Intl formats a decimal string as written). Charts and their tables use the
 * currency sign where lists write the code beside the amount (components/resource/Display.tsx `Money`).
 */
export function formatMoney(value: string, language: string): string {
  let format = formats.get(language)
  if (!format) {
    format = new Intl.NumberFormat(language === 'zh-cn' ? 'zh-CN' : 'en-US', {
      style: 'currency',
      currency: STORE_CURRENCY,
      minimumFractionDigits: 2,
    })
    formats.set(language, format)
  }
  return format.format(value as `${number}`)
}
