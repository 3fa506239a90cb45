import { resourceLocales } from '../components/resource/define-resource.ts'
import { resourceLocale } from '../components/resource/locale.ts'
import { demosLocale } from '../demos/locales.ts'
import { analyticsLocale } from '../features/analytics/locale.ts'
import type { Locale } from '../i18n/define-locale.ts'
import { resources } from '../resources/index.ts'
import { shellLocale } from '../shell/locale.ts'

/**
 * The strings that come with the shell, since nothing before login uses them (app/shell.ts hands them to i18n):
 * the shell's, the shared resource screens', the demos', the analytics screens' and every resource's.
 */
export const shellLocales: Record<string, Locale> = {
  shell: shellLocale,
  resource: resourceLocale,
  demos: demosLocale,
  analytics: analyticsLocale,
  ...resourceLocales(resources),
}
