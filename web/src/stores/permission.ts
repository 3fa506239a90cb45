import { create } from 'zustand'
import { hasPermission } from '../base/permission-match.ts'
import { loadEncrypted, saveEncrypted } from './encrypted-storage.ts'

const STORAGE_KEY = 'permissions'

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
  localStorage.removeItem(STORAGE_KEY)
}

/** Sealed under the session token (stores/encrypted-storage.ts). Best effort: a full or blocked storage must not end the session. */
export const storePermissions = (token: string, names: readonly string[]): Promise<void> =>
  saveEncrypted(STORAGE_KEY, token, names).catch((error: unknown) =>
    console.error('Permissions not stored:', error),
  )

export async function readStoredPermissions(token: string): Promise<string[] | null> {
  const value = await loadEncrypted(STORAGE_KEY, token)
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : null
}

/**
 * Button-level permission check, by action and resource (`useCan('delete', 'tags')`) or by the whole
 * permission name (`useCan('reset-qrcode-admins')`); components/permission/Can.tsx wraps it.
 */
export function useCan(permission: string): boolean
export function useCan(action: string, resource: string): boolean
export function useCan(actionOrName: string, resource?: string): boolean {
  const name = resource === undefined ? actionOrName : `${actionOrName}-${resource}`
  return usePermissions((state) => hasPermission(state.names, name))
}
