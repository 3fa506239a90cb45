import { type Language, languages } from '../base/language.ts'
import { commonLocale } from './common-locale.ts'
import type { Locale, Messages } from './define-locale.ts'
import { validationLocale } from './validation-locale.ts'

/**
 * i18n's own strings, which every screen uses, under each one's name: `t('common.save')`. Every other folder's
 * strings are handed to i18n (addLocales in i18n/index.ts) by the app: those of the screens before the shell as
 * it starts (app/boot-locales.ts), the shell's and the resources' when the shell loads (app/shell-locales.ts).
 */
const locales: Record<string, Locale> = {
  common: commonLocale,
  validation: validationLocale,
}

function messagesOf(language: Language): Messages {
  return Object.fromEntries(Object.entries(locales).map(([name, locale]) => [name, locale[language]]))
}

export const translations = Object.fromEntries(
  languages.map((language) => [language, { translation: messagesOf(language) }]),
) as Record<Language, { translation: Messages }>
