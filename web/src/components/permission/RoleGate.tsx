import type { ReactNode } from 'react'
import { useHasRole } from './use-has-role.ts'

/**
 * The spec's permission directive (`v-permission="['admin']"`), which checks roles, not permissions (for
 * those, see Can.tsx): renders its children only when the admin's roles share one with `roles`. A
 * missing or empty list throws.
 */
export function RoleGate({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  return useHasRole(roles) ? children : null
}
