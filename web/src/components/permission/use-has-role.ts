import { useSession } from '../../stores/session.ts'
import { hasRole } from './has-role.ts'

const none: readonly string[] = []

/**
 * Whether the logged-in admin holds one of `roles` (the template's checkPermission, for what a wrapper
 * cannot cover, like tabs). Throws on a missing or empty list.
 */
export function useHasRole(roles: readonly string[]): boolean {
  const adminRoles = useSession((state) => state.profile?.roles ?? none)
  return hasRole(adminRoles, roles)
}
