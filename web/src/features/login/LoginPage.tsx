import { passwordIssue } from '@vod/contract/rules'
import {
  type FormEvent,
  type InputHTMLAttributes,
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { type LoginAnswer, login, logout } from '../../api/auth.ts'
import { ApiError } from '../../api/http.ts'
import { LanguageSwitch } from '../../components/language/LanguageSwitch.tsx'
import { startSession, useSession } from '../../stores/session.ts'
import { earlyInput, takeEarlySubmission } from './early-input.ts'
import { safeRedirect } from './safe-redirect.ts'
import { forgetSessionNotice, readSessionNotice } from './session-notice.ts'
import './login.css'

type Field = 'username' | 'password'

// Loaded only when the server asks for a second step, so the login screen itself stays small.
const TwoFactorStep = lazy(() => import('../two-factor/TwoFactorStep.tsx'))

/** i18n key of what is wrong with each field (spec section 5), or null. */
function clientIssues(values: Record<Field, string>): Record<Field, string | null> {
  const password = passwordIssue(values.password)
  return {
    username: values.username.trim() ? null : 'validation.usernameRequired',
    password: password && `validation.password.${password}`,
  }
}

// Plain markup rather than antd: the login screen must stay within its download budget.
export default function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const id = useId()
  // Typed into the prerendered screen before the app ran (index.html), if anything.
  const [early] = useState(earlyInput)
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    username: early.username,
    password: early.password,
  }))
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false })
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({})
  const [formError, setFormError] = useState<string>()
  const [revealed, setRevealed] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  // The password field is left uncontrolled: React mirrors a controlled value into the `value` attribute,
  // which would leave the typed password in the page's markup (issue 65). Set as a property instead.
  useEffect(() => {
    const input = form.current?.elements.namedItem('password')
    if (input instanceof HTMLInputElement) input.value = early.password
  }, [early])
  // Sent on the prerendered screen before the app ran: sent now, once.
  useEffect(() => {
    if (takeEarlySubmission()) form.current?.requestSubmit()
  }, [])
  const [challenge, setChallenge] = useState<{ mode: 'bind' | 'verify'; token: string }>()
  // Why this screen shows after a 401 (stores/session.ts sessionLost), read once.
  const [notice] = useState(readSessionNotice)
  useEffect(forgetSessionNotice, [])
  // Reachable while logged in (to switch account): a login here replaces that session.
  const [previousToken] = useState(() => useSession.getState().token)
  // After a 429: no further try before this time (Retry-After).
  const [lockedUntil, setLockedUntil] = useState<number>()
  useEffect(() => {
    if (lockedUntil === undefined) return
    const timer = setTimeout(() => setLockedUntil(undefined), lockedUntil - Date.now())
    return () => clearTimeout(timer)
  }, [lockedUntil])

  const issues = clientIssues(values)
  const errorOf = (field: Field): string | undefined => {
    const issue = issues[field]
    return serverErrors[field] ?? (touched[field] && issue ? t(issue) : undefined)
  }
  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setServerErrors((current) => ({ ...current, [field]: undefined }))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setTouched({ username: true, password: true })
    setFormError(undefined)
    if (issues.username || issues.password) return
    setSubmitting(true)
    try {
      const answer = await login({ username: values.username.trim(), password: values.password })
      if ('two_factor' in answer) {
        setChallenge({ mode: answer.two_factor, token: answer.two_factor_token })
        return
      }
      await finish(answer)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      if (error.status === 429) {
        setLockedUntil(Date.now() + (error.retryAfter ?? 60) * 1000)
        return
      }
      const { username, password } = error.fieldErrors
      setServerErrors({ username, password })
      if (!username && !password) setFormError(error.message)
    } finally {
      setSubmitting(false)
    }
  }

  /** A plain login answer, straight from the form or after the two-factor step: start the session and go on. */
  async function finish(answer: LoginAnswer) {
    if (!answer.access_token) {
      setChallenge(undefined)
      setFormError(t('login.unexpectedAnswer'))
      return
    }
    const target = safeRedirect(searchParams.get('redirect'))
    if (previousToken) {
      // Another account was signed in: end that session, and start the app afresh so nothing of it stays.
      await logout(previousToken).catch(() => undefined)
      await startSession(answer.access_token, answer.permissions ?? [])
      // Not through the router: a navigation would start loading the session that the reload then cuts off.
      window.history.replaceState(null, '', `${window.location.pathname}#${target}`)
      window.location.reload()
      return
    }
    await startSession(answer.access_token, answer.permissions ?? [])
    navigate(target, { replace: true })
  }

  if (challenge)
    return (
      <main className="login-page">
        <Suspense fallback={null}>
          <TwoFactorStep
            mode={challenge.mode}
            token={challenge.token}
            onSuccess={finish}
            onCancel={() => {
              setChallenge(undefined)
              setValues((current) => ({ ...current, password: '' }))
              setTouched({ username: false, password: false })
            }}
          />
        </Suspense>
      </main>
    )

  const field = (name: Field, input: InputHTMLAttributes<HTMLInputElement>) => {
    const error = errorOf(name)
    return (
      <div className="login-field">
        <label htmlFor={`${id}-${name}`} className="visually-hidden">
          {t(`login.${name}`)}
        </label>
        <input
          id={`${id}-${name}`}
          name={name}
          placeholder={t(`login.${name}`)}
          {...(name === 'password' ? {} : { value: values[name] })}
          onChange={(event) => change(name, event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          {...input}
        />
        {name === 'password' && (
          <button
            type="button"
            className="login-reveal"
            aria-controls={`${id}-password`}
            aria-pressed={revealed}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {t(revealed ? 'login.hidePassword' : 'login.showPassword')}
          </button>
        )}
        {error && (
          <p id={`${id}-${name}-error`} className="login-error" role="alert">
            {error}
          </p>
        )}
      </div>
    )
  }

  return (
    <main className="login-page">
      {/* Prerendered, this form may be submitted natively before any script runs: a POST to the page itself
          keeps the password out of the address (issue 65). */}
      <form
        ref={form}
        className="login-form"
        method="post"
        action="#/login"
        noValidate
        onSubmit={submit}
        aria-labelledby={`${id}-title`}
      >
        <div className="login-head">
          <h1 id={`${id}-title`}>{t('login.title')}</h1>
          <LanguageSwitch className="login-language" />
        </div>
        {notice && (
          <p className="login-notice" role="status" data-testid="session-notice">
            {t(notice.reason === 'account_disabled' ? 'login.accountDisabled' : 'login.sessionEnded')}
            {notice.drafts > 0 && ` ${t('login.draftsKept')}`}
          </p>
        )}
        {previousToken && !notice && (
          <p className="login-notice" role="status">
            {t('login.signedIn')} <a href="#/">{t('login.backToApp')}</a>
          </p>
        )}
        {field('username', {
          type: 'text',
          autoComplete: 'username',
          autoFocus: early.focus === 'username',
        })}
        {field('password', {
          type: revealed ? 'text' : 'password',
          autoComplete: 'current-password',
          autoFocus: early.focus === 'password',
        })}
        {(lockedUntil !== undefined || formError) && (
          <p className="login-error login-form-error" role="alert">
            {lockedUntil !== undefined
              ? t('login.throttled', { count: Math.ceil((lockedUntil - Date.now()) / 60_000) })
              : formError}
          </p>
        )}
        <button
          type="submit"
          className="login-submit"
          data-testid="login-submit"
          disabled={submitting || lockedUntil !== undefined}
        >
          {t('login.submit')}
        </button>
      </form>
    </main>
  )
}
