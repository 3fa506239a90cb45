import { resourceLocale } from '../components/resource/locale.ts'
import { demosLocale } from '../demos/locales.ts'
import { addLocales } from '../i18n/index.ts'
import { shellLocale } from './locale.ts'

/**
 * The strings of what lives inside the shell, its own and the shared resource screens': nothing
 * before login uses them, so they load with the shell rather than with the login screen.
 */
addLocales({ shell: shellLocale, resource: resourceLocale, demos: demosLocale })
