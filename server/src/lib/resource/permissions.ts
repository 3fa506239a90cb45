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
