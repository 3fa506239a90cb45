import { Navigate, useLocation, useParams } from 'react-router'

/** `/redirect/tags?page=2` re-enters `/tags?page=2`, remounting its screen (tag view refresh). */
export default function RedirectPage() {
  const rest = useParams()['*'] ?? ''
  const { search } = useLocation()
  return <Navigate to={`/${rest}${search}`} replace />
}
