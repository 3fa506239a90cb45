import { useEffect } from 'react'
import { useNavigate } from 'react-router'

/**
 * Landing page of a third-party sign-in window (the template's /auth-redirect): hands the query to the
 * opening window through localStorage and closes itself. Opened any other way (typed, bookmarked), there is
 * no window to hand anything to: it goes on to the app, which shows the dashboard or the login screen.
 */
export default function AuthRedirectPage() {
  const navigate = useNavigate()
  useEffect(() => {
    if (!window.opener) {
      navigate('/', { replace: true })
      return
    }
    localStorage.setItem('x-admin-oauth-code', window.location.hash.split('?')[1] ?? '')
    window.close()
  }, [navigate])
  return null
}
