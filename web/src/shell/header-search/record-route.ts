import type { SearchHit, SearchKind } from '@vod/contract/search'
import { referencedResource } from '../../components/resource/registry.ts'
import { baseOf, resourcePath } from '../../components/resource/resource-paths.ts'

/**
 * Where a record the search found opens: its resource's page when it has one, else its form; a record
 * routed under its parent (a campaign, under `/channels/:channelId`) with the parent's id filled in. Null
 * when the app routes no screen for it.
 */
export function recordRoute(kind: SearchKind, hit: SearchHit): string | null {
  const resource = referencedResource(kind)
  if (!resource) return null
  const action = resource.screens.show ? 'show' : resource.screens.edit ? 'edit' : null
  if (!action) return null
  const parentParam = baseOf(resource).match(/:(\w+)/)?.[1]
  if (parentParam && hit.parent_id === null) return null
  const params = parentParam ? { [parentParam]: String(hit.parent_id) } : {}
  return resourcePath(resource, action, hit.id, params)
}

/** The title of a kind's group: its resource's own (`Members`), or the kind as the API names it. */
export const kindTitleKey = (kind: SearchKind): string => {
  const resource = referencedResource(kind)
  return resource ? `${resource.name}.title` : kind
}
