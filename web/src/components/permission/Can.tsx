import type { PermissionName } from '@vod/contract/permissions'
import type { ReactNode } from 'react'
import { useCan } from '../../stores/permission.ts'

/**
 * Button-level check by permission name: renders its children only when the admin holds `permission`,
 * so nobody sees a button whose call would answer 403. `fallback` shows otherwise (nothing by default).
 */
export function Can({
  permission,
  children,
  fallback = null,
}: {
  permission: PermissionName
  children: ReactNode
  fallback?: ReactNode
}) {
  return useCan(permission) ? children : fallback
}
