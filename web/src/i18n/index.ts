import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { languages } from '../base/language.ts'
import { useApp } from '../stores/app.ts'
import { translateComponentLabels } from './component-labels.ts'
import type { Locale } from './define-locale.ts'
import { translations } from './registry.ts'

/** The app's i18next instance; its language follows the app store (which keeps the `language` cookie). */
export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  lng: useApp.getState().language,
  fallbackLng: 'en',
  lowerCaseLng: true,
  resources: translations,
  // Strings are bundled, so start synchronously: the first render is already translated.
  initAsync: false,
  interpolation: { escapeValue: false },
})

translateComponentLabels(i18n)

const htmlLang = (language: string) => (language === 'zh-cn' ? 'zh-CN' : language)
document.documentElement.lang = htmlLang(i18n.language)

useApp.subscribe((state, previous) => {
  if (state.language === previous.language) return
  void i18n.changeLanguage(state.language)
  document.documentElement.lang = htmlLang(state.language)
})

/**
 * Strings that come with code loaded later (the shell's, after login), added when that code loads and
 * so before anything of it renders; the login screen then does not download them.
 */
export function addLocales(locales: Record<string, Locale>): void {
  for (const language of languages)
    for (const [name, locale] of Object.entries(locales))
      i18n.addResourceBundle(language, 'translation', { [name]: locale[language] }, true, true)
}
