import type { ComponentType } from 'react'
import type { AppRoute, RouteAction } from '../../app/route-types.ts'
import type { Locale, Messages } from '../../i18n/define-locale.ts'

/** Strings every resource folder provides; route titles and column/field labels come from here. */
export interface ResourceMessages extends Messages {
  /** Menu, list and breadcrumb title: 'Tags'. */
  title: string
  createTitle: string
  editTitle: string
  /** Column and field labels by camelCase field name. */
  fields: Messages
}

type Screen = () => Promise<{ default: ComponentType }>

export interface ResourceDefinition {
  /** The API path, the permission resource and the i18n key at once: `tags` -> /api/tags, list-tags, `tags.*`. */
  name: string
  icon: ComponentType
  locale: Locale<ResourceMessages>
  /** The resource's screens by action, each loaded when first visited. */
  screens: Partial<Record<RouteAction, Screen>>
  /** Where the routes live; `/{name}` unless the spec puts them elsewhere. */
  base?: string
  /** Route paths under `base` where the spec differs from the usual ones (e.g. edit `:id/edit`). */
  paths?: Partial<Record<RouteAction, string>>
}

const defaultPaths: Record<RouteAction, string> = {
  list: '',
  show: ':id',
  create: 'create',
  edit: 'edit/:id',
  'batch-create': 'batch-create',
}

const titleKeys: Record<RouteAction, string> = {
  list: 'title',
  show: 'showTitle',
  create: 'createTitle',
  edit: 'editTitle',
  'batch-create': 'batchCreateTitle',
}

// Declaration order is menu and route-matching order: static paths before `:id`.
const actionOrder: RouteAction[] = ['list', 'create', 'batch-create', 'edit', 'show']

export function defineResource(definition: ResourceDefinition): ResourceDefinition {
  return definition
}

/** A menu group for the resource: its list shows in the menu, the other screens highlight the list. */
export function resourceRoute(resource: ResourceDefinition): AppRoute {
  const base = resource.base ?? `/${resource.name}`
  const children = actionOrder.flatMap((action): AppRoute[] => {
    const page = resource.screens[action]
    if (!page) return []
    const path = resourcePath(resource, action)
    const meta = { titleKey: `${resource.name}.${titleKeys[action]}`, resource: resource.name, action }
    return [
      action === 'list'
        ? { path, page, meta }
        : { path, page, meta: { ...meta, hidden: true, activeMenu: base } },
    ]
  })
  return { path: base, meta: { titleKey: `${resource.name}.title`, icon: resource.icon }, children }
}

/** The in-app path of one of the resource's screens: `resourcePath(tags, 'edit', 7)` -> `/tags/edit/7`. */
export function resourcePath(
  resource: ResourceDefinition,
  action: RouteAction,
  id?: number | string,
): string {
  const base = resource.base ?? `/${resource.name}`
  const sub = resource.paths?.[action] ?? defaultPaths[action]
  const path = sub ? `${base}/${sub}` : base
  return id === undefined ? path : path.replace(':id', String(id))
}
