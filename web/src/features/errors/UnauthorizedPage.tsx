import { Button } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { grantsAnyRoute } from '../../base/permission-match.ts'
import { useShellTable } from '../../base/shell-table.ts'
import { loadSession } from '../../stores/load-session.ts'
import { usePermissions } from '../../stores/permission.ts'
import { useSession } from '../../stores/session.ts'
import { signOut } from '../../stores/sign-out.ts'
import { ErrorPage } from './ErrorPage.tsx'

/**
 * No permission for a page, or for any page at all. A logged-in admin can always log out or switch
 * account from here; the way back to the dashboard is offered only where it leads somewhere.
 */
export default function UnauthorizedPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const token = useSession((state) => state.token)
  const names = usePermissions((state) => state.names)
  const shell = useShellTable(Boolean(token))
  // Opened directly (a reload): what the session may open is not known yet.
  useEffect(() => {
    if (token && !names) loadSession().catch(() => undefined)
  }, [token, names])
  if (!token) return <ErrorPage status="401" kind="unauthorized" />
  return (
    <ErrorPage
      status="401"
      kind="unauthorized"
      back={names !== null && shell !== undefined && grantsAnyRoute(shell.shellRoutes, names)}
      actions={
        <>
          <Button data-testid="switch-account" onClick={() => navigate('/login')}>
            {t('errors.switchAccount')}
          </Button>
          <Button data-testid="unauthorized-logout" onClick={signOut}>
            {t('errors.logout')}
          </Button>
        </>
      }
    />
  )
}
