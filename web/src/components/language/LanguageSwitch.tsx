import { useTranslation } from 'react-i18next'
import { isLanguage, languageNames, languages } from '../../base/language.ts'
import { notify } from '../../base/notify.ts'
import { useApp } from '../../stores/app.ts'

/** A native select: tiny, keyboard-friendly, and usable on the login screen, which carries no antd. */
export function LanguageSwitch({ className }: { className?: string }) {
  // The language shown is i18n's (which follows the app store): the same when the screen is drawn at build time.
  const { t, i18n } = useTranslation()
  const setLanguage = useApp((state) => state.setLanguage)
  return (
    <select
      className={className}
      data-testid="language-switch"
      aria-label={t('common.language')}
      value={i18n.language}
      onChange={(event) => {
        const next = event.target.value
        if (!isLanguage(next)) return
        setLanguage(next)
        void notify('success', t('common.languageSwitched', { lng: next }))
      }}
    >
      {languages.map((code) => (
        <option key={code} value={code}>
          {languageNames[code]}
        </option>
      ))}
    </select>
  )
}
