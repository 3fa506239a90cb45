import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import type { Language } from '../../base/language.ts'
import { addLocales, i18n } from '../../i18n/index.ts'
import LoginPage from './LoginPage.tsx'
import { loginLocale } from './locale.ts'

/** The login screen as markup in one language, for index.html (web/prerender-login.ts, at build time). */
export function renderLogin(language: Language): string {
  addLocales({ login: loginLocale })
  void i18n.changeLanguage(language)
  return renderToString(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
    // Both languages' screens stand in the page together: their ids must differ.
    { identifierPrefix: `${language}-` },
  )
}
