import type { RouteAction } from '../../base/route-types.ts'
import type { ResourceDefinition } from './resource-types.ts'

const defaultPaths: Record<RouteAction, string> = {
  list: '',
  show: ':id',
  create: 'create',
  edit: 'edit/:id',
  'batch-create': 'batch-create',
}

export const baseOf = (resource: ResourceDefinition): string =>
  resource.base ?? (resource.group ? `/${resource.group.name}/${resource.name}` : `/${resource.name}`)

/**
 * The in-app path of one of the resource's screens: `resourcePath(tags, 'edit', 7)` -> `/tags/edit/7`;
 * `params` fill the base's own (`/channels/:channelId`).
 */
export function resourcePath(
  resource: ResourceDefinition,
  action: RouteAction,
  id?: number | string,
  params: Readonly<Record<string, string | undefined>> = {},
): string {
  const base = fillParams(baseOf(resource), params)
  const sub = resource.paths?.[action] ?? defaultPaths[action]
  const path = sub ? `${base}/${sub}` : base
  return id === undefined ? path : path.replace(':id', String(id))
}

/** A path's `:name` placeholders filled from route params (`channels/:channelId/campaigns`). */
export function fillParams(path: string, params: Readonly<Record<string, string | undefined>>): string {
  return path.replace(/:(\w+)/g, (whole, name: string) => (name === 'id' ? whole : (params[name] ?? whole)))
}
