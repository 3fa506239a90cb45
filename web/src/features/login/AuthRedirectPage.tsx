import { useEffect } from 'react'

/**
 * Landing page of a third-party sign-in window (the template's /auth-redirect): hands the query to the
 * opening window through localStorage and closes itself.
 */
export default function AuthRedirectPage() {
  useEffect(() => {
    localStorage.setItem('x-admin-oauth-code', window.location.hash.split('?')[1] ?? '')
    window.close()
  }, [])
  return null
}
