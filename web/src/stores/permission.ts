import { create } from 'zustand'
import { hasPermission } from '../base/permission-match.ts'

interface PermissionState {
  /** The admin's permission names; null until the guard has asked the server. The shell derives the menu. */
  names: ReadonlySet<string> | null
}

export const usePermissions = create<PermissionState>()(() => ({ names: null }))

export function setPermissions(names: readonly string[]): void {
  usePermissions.setState({ names: new Set(names) })
}

export function clearPermissions(): void {
  usePermissions.setState({ names: null })
}

/**
 * Button-level permission check, by action and resource (`useCan('delete', 'tags')`) or by the whole
 * permission name (`useCan('reset-qrcode-admins')`).
 */
export function useCan(permission: string): boolean
export function useCan(action: string, resource: string): boolean
export function useCan(actionOrName: string, resource?: string): boolean {
  const name = resource === undefined ? actionOrName : `${actionOrName}-${resource}`
  return usePermissions((state) => hasPermission(state.names, name))
}
