import { dashboardLocale } from '../features/dashboard/locale.ts'
import { errorsLocale } from '../features/errors/locale.ts'
import { loginLocale } from '../features/login/locale.ts'
import { profileLocale } from '../features/profile/locale.ts'
import { twoFactorLocale } from '../features/two-factor/locale.ts'
import { commonLocale } from './common-locale.ts'
import type { Locale, Messages } from './define-locale.ts'
import { type Language, languages } from './language.ts'
import { validationLocale } from './validation-locale.ts'

/**
 * The strings of what the app shows before the shell loads, under each folder's name: `t('login.title')`.
 * The shell and the shared resource screens bring theirs when the shell loads (shell/register.ts), with the
 * resources'.
 */
const locales: Record<string, Locale> = {
  common: commonLocale,
  validation: validationLocale,
  login: loginLocale,
  twoFactor: twoFactorLocale,
  errors: errorsLocale,
  dashboard: dashboardLocale,
  profile: profileLocale,
}

function messagesOf(language: Language): Messages {
  return Object.fromEntries(Object.entries(locales).map(([name, locale]) => [name, locale[language]]))
}

export const translations = Object.fromEntries(
  languages.map((language) => [language, { translation: messagesOf(language) }]),
) as Record<Language, { translation: Messages }>
