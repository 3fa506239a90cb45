import { dashboardLocale } from '../features/dashboard/locale.ts'
import { errorsLocale } from '../features/errors/locale.ts'
import { loginLocale } from '../features/login/locale.ts'
import { profileLocale } from '../features/profile/locale.ts'
import { twoFactorLocale } from '../features/two-factor/locale.ts'
import type { Locale } from '../i18n/define-locale.ts'

/**
 * The strings of what the app shows before the shell loads, under each folder's name (`t('login.title')`),
 * handed to i18n as the app starts (app/main.tsx); the dashboard's and the profile's name their menu entries.
 */
export const bootLocales: Record<string, Locale> = {
  login: loginLocale,
  twoFactor: twoFactorLocale,
  errors: errorsLocale,
  dashboard: dashboardLocale,
  profile: profileLocale,
}
