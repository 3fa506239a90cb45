import { resourceLocales } from '../components/resource/define-resource.ts'
import { dashboardLocale } from '../features/dashboard/locale.ts'
import { errorsLocale } from '../features/errors/locale.ts'
import { loginLocale } from '../features/login/locale.ts'
import { profileLocale } from '../features/profile/locale.ts'
import { twoFactorLocale } from '../features/two-factor/locale.ts'
import { resources } from '../resources/index.ts'
import { commonLocale } from './common-locale.ts'
import type { Locale, Messages } from './define-locale.ts'
import { type Language, languages } from './language.ts'
import { validationLocale } from './validation-locale.ts'

/**
 * Every folder's strings under the folder's name: `t('login.title')`, `t('tags.fields.name')`.
 * Resources bring theirs through resources/index.ts, so they are not listed here; the shell and the
 * shared resource screens bring theirs when the shell loads (shell/shell-strings.ts).
 */
const locales: Record<string, Locale> = {
  common: commonLocale,
  validation: validationLocale,
  login: loginLocale,
  twoFactor: twoFactorLocale,
  errors: errorsLocale,
  dashboard: dashboardLocale,
  profile: profileLocale,
  ...resourceLocales(resources),
}

function messagesOf(language: Language): Messages {
  return Object.fromEntries(Object.entries(locales).map(([name, locale]) => [name, locale[language]]))
}

export const translations = Object.fromEntries(
  languages.map((language) => [language, { translation: messagesOf(language) }]),
) as Record<Language, { translation: Messages }>
