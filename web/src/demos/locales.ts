import type { Locale, Messages } from '../i18n/define-locale.ts'
import { articlesLocale } from './articles/locale.ts'
import { chartsLocale } from './charts/locale.ts'
import { clipboardLocale } from './clipboard/locale.ts'
import { componentsLocale } from './components/locale.ts'
import { exampleLocale } from './example/locale.ts'
import { excelLocale } from './excel/locale.ts'
import { guideLocale } from './guide/locale.ts'
import { nestedLocale } from './nested/locale.ts'
import { pdfLocale } from './pdf/locale.ts'
import { demoSharedLocale } from './shared/locale.ts'
import { tabLocale } from './tab/locale.ts'
import { tableLocale } from './table/locale.ts'
import { themeLocale } from './theme/locale.ts'
import { zipLocale } from './zip/locale.ts'

/** Each demo area's strings under `demos.<area>`; loaded with the shell, not with the login screen. */
const areas: Record<string, Locale> = {
  shared: demoSharedLocale,
  excel: excelLocale,
  zip: zipLocale,
  pdf: pdfLocale,
  components: componentsLocale,
  charts: chartsLocale,
  tab: tabLocale,
  theme: themeLocale,
  clipboard: clipboardLocale,
  guide: guideLocale,
  nested: nestedLocale,
  articles: articlesLocale,
  table: tableLocale,
  example: exampleLocale,
}

const half = (language: keyof Locale): Messages =>
  Object.fromEntries(Object.entries(areas).map(([area, locale]) => [area, locale[language] as Messages]))

export const demosLocale: Locale = { en: half('en'), 'zh-cn': half('zh-cn') }
