import { isPermissionName, permissionEntries } from '@vod/contract'

/** The permissions an app knows: the routes may name only these, and bootstrap seeds them. */
export interface PermissionCatalogue {
  entries: readonly { name: string; group: string }[]
  has(name: string): boolean
}

/**
 * The product's catalogue (contract/src/permissions.ts), plus `extra`: tests declare the permissions of
 * their throwaway resources here, so nothing of theirs enters the product's catalogue.
 */
export function permissionCatalogue(
  extra: readonly { name: string; group: string }[] = [],
): PermissionCatalogue {
  const added = new Set(extra.map((entry) => entry.name))
  return {
    entries: [...permissionEntries, ...extra],
    has: (name) => isPermissionName(name) || added.has(name),
  }
}
