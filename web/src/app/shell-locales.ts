import { changesLocale } from '../components/changes/locale.ts'
import { permissionLocale } from '../components/permission/locale.ts'
import { resourceLocales } from '../components/resource/define-resource.ts'
import { resourceLocale } from '../components/resource/locale.ts'
import { scheduledLocale } from '../components/scheduled/locale.ts'
import { demosLocale } from '../demos/locales.ts'
import { analyticsLocale } from '../features/analytics/locale.ts'
import { economicsLocale } from '../features/economics/locale.ts'
import type { Locale } from '../i18n/define-locale.ts'
import { resources } from '../resources/index.ts'
import { shellLocale } from '../shell/locale.ts'

/**
 * The strings that come with the shell, since nothing before login uses them (app/shell.ts hands them to i18n):
 * the shell's, the shared resource screens', the permission picker's, the change display's, the demos', the analytics screens' and every resource's.
 */
export const shellLocales: Record<string, Locale> = {
  shell: shellLocale,
  resource: resourceLocale,
  permission: permissionLocale,
  changes: changesLocale,
  demos: demosLocale,
  analytics: analyticsLocale,
  economics: economicsLocale,
  scheduled: scheduledLocale,
  ...resourceLocales(resources),
}
