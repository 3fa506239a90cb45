import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Binding, type LoginAnswer, requestBinding, verifyLoginCode } from '../../api/auth.ts'
import { ApiError } from '../../api/http.ts'
import { LanguageSwitch } from '../../components/language/LanguageSwitch.tsx'
import { BindingDetails } from './BindingDetails.tsx'
import { CODE_LENGTH, codeIssue, codeIssueKey, normalizeCode } from './code.ts'

export interface TwoFactorStepProps {
  /** `bind`: no authenticator yet, show a new one first; `verify`: just ask for the code. */
  mode: 'bind' | 'verify'
  /** The short-lived two-factor token from POST /api/login, sent as Bearer on this step's calls. */
  token: string
  /** The plain login the server answers once the code is right. */
  onSuccess: (answer: LoginAnswer) => Promise<void> | void
  onCancel: () => void
}

/**
 * The login screen's second step (API.md "Auth"). Plain markup on the login screen's styles, loaded only
 * when the server asks for it, so the login screen stays small. A wrong code shows under the field.
 */
export default function TwoFactorStep({ mode, token, onSuccess, onCancel }: TwoFactorStepProps) {
  const { t } = useTranslation()
  const id = useId()
  const [binding, setBinding] = useState<Binding>()
  const [code, setCode] = useState('')
  const [touched, setTouched] = useState(false)
  const [serverError, setServerError] = useState<string>()
  const [expired, setExpired] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  // One binding per token: asking twice (React's development double effects) would replace the secret shown.
  const requested = useRef<Promise<Binding> | null>(null)

  useEffect(() => {
    if (mode !== 'bind') return
    let live = true
    requested.current ??= requestBinding({ token })
    requested.current.then(
      (answer) => live && setBinding(answer),
      (error: unknown) => {
        if (!live) return
        if (error instanceof ApiError && error.status === 401) setExpired(true)
        else setServerError(error instanceof Error ? error.message : String(error))
      },
    )
    return () => {
      live = false
    }
  }, [mode, token])

  const issue = codeIssue(code)
  const error = expired
    ? t('twoFactor.expired')
    : (serverError ?? (touched && issue ? t(codeIssueKey(issue)) : undefined))

  async function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (issue || expired) return
    setSubmitting(true)
    setServerError(undefined)
    try {
      const answer = await verifyLoginCode(normalizeCode(code), token)
      await onSuccess(answer)
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught
      if (caught.status === 401) setExpired(true)
      else setServerError(caught.fieldErrors.code ?? caught.message)
    } finally {
      setSubmitting(false)
    }
  }

  const waiting = mode === 'bind' && !binding && !serverError && !expired
  return (
    <form className="login-form two-factor-step" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <div className="login-head">
        <h1 id={`${id}-title`}>{t('twoFactor.title')}</h1>
        <LanguageSwitch className="login-language" />
      </div>
      <p className="two-factor-intro">
        {t(mode === 'bind' ? 'twoFactor.bindIntro' : 'twoFactor.verifyIntro')}
      </p>
      {waiting && (
        <p className="two-factor-intro" role="status">
          {t('twoFactor.preparing')}
        </p>
      )}
      {binding && <BindingDetails binding={binding} />}
      <div className="login-field">
        <label htmlFor={`${id}-code`} className="visually-hidden">
          {t('twoFactor.code')}
        </label>
        <input
          id={`${id}-code`}
          name="code"
          data-testid="two-factor-code"
          placeholder={t('twoFactor.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH + 2}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing this step asks for
          autoFocus
          value={code}
          disabled={expired}
          onChange={(event) => {
            setCode(event.target.value)
            setServerError(undefined)
          }}
          onBlur={() => setTouched(true)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-code-error` : undefined}
        />
        {error && (
          <p id={`${id}-code-error`} className="login-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {!expired && (
        <button
          type="submit"
          className="login-submit"
          data-testid="two-factor-submit"
          disabled={submitting || waiting}
        >
          {t('twoFactor.verify')}
        </button>
      )}
      <button type="button" className="two-factor-back" onClick={onCancel}>
        {t('twoFactor.back')}
      </button>
    </form>
  )
}
