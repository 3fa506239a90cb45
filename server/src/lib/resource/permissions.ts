import type { PermissionName } from '@vod/contract'

/** `<action>-<path>`: the permission of one of a resource's routes (API.md "Permissions"). */
export const permissionOf = (action: string, path: string) => `${action}-${path}` as PermissionName

export type ChildAction = 'list' | 'create' | 'edit' | 'delete'

/** A child route's permission: the child's own resource's, or list-{path} to read and edit-{path} to change. */
export function childPermission(
  path: string,
  child: { resource?: string },
  action: ChildAction,
): PermissionName {
  if (child.resource) return permissionOf(action, child.resource)
  return permissionOf(action === 'list' ? 'list' : 'edit', path)
}

/** What a resource route demands of its caller: `<action>-<path>`, or a login for a resource open to all. */
export const routeAccess = (
  spec: { path: string; access?: 'authenticated' },
  action: string,
): { permission?: PermissionName; access?: 'authenticated' } =>
  spec.access ? { access: spec.access } : { permission: permissionOf(action, spec.path) }
