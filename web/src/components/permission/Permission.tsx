import type { ReactNode } from 'react'
import { useHasRole } from './use-has-role.ts'

/**
 * The spec's permission directive (`v-permission="['admin']"`) as a wrapper: renders its children only
 * when the admin's roles share one with `roles`. A missing or empty list throws.
 */
export function Permission({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  return useHasRole(roles) ? children : null
}
