import { useMemo } from 'react'
import { grantedRoutes } from '../base/permission-match.ts'
import type { AppRoute } from '../base/route-types.ts'
import { shellTable } from '../base/shell-table.ts'
import { usePermissions } from '../stores/permission.ts'

/** The shell routes the admin's permissions grant: the menu, the search pool, the tabs that may open. */
export function useGrantedRoutes(): AppRoute[] {
  const names = usePermissions((state) => state.names)
  return useMemo(() => (names ? grantedRoutes(shellTable().shellRoutes, names) : []), [names])
}
