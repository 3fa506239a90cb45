import { useMemo } from 'react'
import { grantedRoutes } from '../app/permission-match.ts'
import type { AppRoute } from '../app/route-types.ts'
import { shellRoutes } from '../app/shell-routes.ts'
import { usePermissions } from '../stores/permission.ts'

/** The shell routes the admin's permissions grant: the menu, the search pool, the tabs that may open. */
export function useGrantedRoutes(): AppRoute[] {
  const names = usePermissions((state) => state.names)
  return useMemo(() => (names ? grantedRoutes(shellRoutes, names) : []), [names])
}
