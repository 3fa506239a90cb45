import type { ResourceDefinition } from './resource-types.ts'

/**
 * The resources the shell routes, by API path and by name, for what a screen needs of another resource (a
 * picker's option labels, a link to its screens): the shell registers them when its routes load, so
 * nothing here, and no screen, imports them.
 */
const byPath = new Map<string, ResourceDefinition>()
const byName = new Map<string, ResourceDefinition>()

export function registerResources(resources: readonly ResourceDefinition[]): void {
  for (const resource of resources) {
    // A view shares its resource's name and path; the resource itself is what others reach.
    if (resource.view) continue
    byPath.set(resource.api, resource)
    byName.set(resource.name, resource)
  }
}

/** Another resource, for a link to its screens (a channel's page to its campaigns' forms). */
/** The resource of that name, when one is registered (a child's own screens, say). */
export const registeredResource = (name: string): ResourceDefinition | undefined => byName.get(name)

/**
 * The resource a reference names (the contract's `reference`): by API path (`users`), else by name, for a
 * child routed as its own (`campaigns`, whose API path is its channel's).
 */
export const referencedResource = (path: string): ResourceDefinition | undefined =>
  byPath.get(path) ?? byName.get(path)

/** The record field that names a record of the resource at `path` on screen (its `shownLabel`, else its contract's `label`). */
export const labelFieldOf = (path: string): string | undefined => {
  const resource = byPath.get(path)
  return resource?.shownLabel ?? resource?.contract.label
}
