export const languages = ['zh-cn', 'en'] as const
export type Language = (typeof languages)[number]

/** The product default (spec section 9). Set it to undefined and the browser's language decides. */
export const DEFAULT_LANGUAGE: Language | undefined = 'zh-cn'

/** Each language named in itself, so a reader finds their own whatever the current language is. */
export const languageNames: Record<Language, string> = { en: 'English', 'zh-cn': '中文' }

export const LANGUAGE_COOKIE = 'language'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value)
}

/**
 * Spec section 9: the stored choice, else the product default, else the browser's language (`zh-CN`,
 * `zh-Hans-CN` -> zh-cn; `en-GB` -> en), else en.
 */
export function resolveLanguage(input: {
  stored: string | undefined
  productDefault: Language | undefined
  browser: readonly string[]
}): Language {
  if (isLanguage(input.stored)) return input.stored
  if (input.productDefault) return input.productDefault
  for (const tag of input.browser) {
    const lower = tag.toLowerCase()
    if (lower.startsWith('zh')) return 'zh-cn'
    if (lower.startsWith('en')) return 'en'
  }
  return 'en'
}
