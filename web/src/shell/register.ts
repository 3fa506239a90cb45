import { resourceLocales } from '../components/resource/define-resource.ts'
import { resourceLocale } from '../components/resource/locale.ts'
import { registerResources } from '../components/resource/registry.ts'
import { demosLocale } from '../demos/locales.ts'
import { analyticsLocale } from '../features/analytics/locale.ts'
import { addLocales } from '../i18n/index.ts'
import { resources } from '../resources/index.ts'
import { shellLocale } from './locale.ts'

/**
 * What the shell brings into the app when it loads, since nothing before login uses it: the strings of
 * the shell, the shared resource screens, the demos and every resource, and the resources' registry (what
 * a screen needs of another resource: its records' names, its screens' paths).
 */
addLocales({
  shell: shellLocale,
  resource: resourceLocale,
  demos: demosLocale,
  analytics: analyticsLocale,
  ...resourceLocales(resources),
})
registerResources(resources)
