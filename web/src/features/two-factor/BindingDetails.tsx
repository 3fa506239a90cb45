import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Binding } from '../../api/auth.ts'
import './two-factor.css'

/** `JBSWY3DPEHPK3PXP` -> `JBSW Y3DP EHPK 3PXP`: easier to type; authenticator apps ignore the spaces. */
const groupSecret = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret

/**
 * A new authenticator's QR code and its key, with a copy button. Plain markup: it shows on the login
 * screen, which carries no antd, as well as on the profile.
 */
export function BindingDetails({ binding }: { binding: Binding }) {
  const { t } = useTranslation()
  const secretRef = useRef<HTMLElement>(null)
  const [feedback, setFeedback] = useState('')

  async function copy() {
    try {
      await navigator.clipboard.writeText(binding.secret)
      setFeedback(t('twoFactor.copied'))
    } catch {
      // No clipboard access (an insecure context, a refusal): select the key for the admin to copy.
      const node = secretRef.current
      if (node) window.getSelection()?.selectAllChildren(node)
      setFeedback(t('twoFactor.copyManually'))
    }
  }

  return (
    <div className="two-factor-binding">
      <img
        className="two-factor-qr"
        src={binding.qr_code}
        alt={t('twoFactor.qrAlt')}
        width={180}
        height={180}
        data-testid="two-factor-qr"
      />
      <div className="two-factor-secret">
        <span>{t('twoFactor.secret')}</span>
        <code ref={secretRef} data-testid="two-factor-secret">
          {groupSecret(binding.secret)}
        </code>
        <button type="button" className="two-factor-copy" onClick={copy}>
          {t('twoFactor.copy')}
        </button>
        <span className="two-factor-feedback" aria-live="polite">
          {feedback}
        </span>
      </div>
    </div>
  )
}
