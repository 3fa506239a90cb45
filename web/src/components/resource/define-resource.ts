import type { ComponentType } from 'react'
import type { AppRoute, RouteAction } from '../../app/route-types.ts'
import type { Locale, Messages } from '../../i18n/define-locale.ts'

/** Strings every resource folder provides; route titles and column/field labels come from here. */
export interface ResourceMessages extends Messages {
  /**
   * Menu, list and breadcrumb title: 'Tags'. Each other screen's title (`createTitle`, `editTitle`,
   * `showTitle`, `batchCreateTitle`) is needed with that screen; the i18n test checks them all.
   */
  title: string
  /** Column and field labels by camelCase field name. */
  fields: Messages
}

type Screen = () => Promise<{ default: ComponentType }>

/** A menu group several resources share (`/permissions`: admins, roles, audit logs). */
export interface ResourceGroup {
  /** Path prefix and i18n key at once: `permissions` -> `/permissions/...`, `t('permissions.title')`. */
  name: string
  icon: ComponentType
  locale: Locale<{ title: string }>
}

export interface ResourceDefinition {
  /** The API path, the permission resource and the i18n key at once: `tags` -> /api/tags, list-tags, `tags.*`. */
  name: string
  /** The API path when it is not `name` (the data-access seam calls `/api/{api}`). */
  api?: string
  icon: ComponentType
  locale: Locale<ResourceMessages>
  /** The resource's screens by action, each loaded when first visited. */
  screens: Partial<Record<RouteAction, Screen>>
  /** The menu group the resource sits in; its routes then live under `/{group}/{name}`. */
  group?: ResourceGroup
  /** Where the routes live; `/{name}` (or `/{group}/{name}`) unless the spec puts them elsewhere. */
  base?: string
  /** Route paths under `base` where the spec differs from the usual ones (e.g. edit `:id/edit`). */
  paths?: Partial<Record<RouteAction, string>>
  /** Routed and granted as usual, but not in the menu (spec section 2's hidden lists: /plans/subscriptions). */
  hidden?: boolean
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

const baseOf = (resource: ResourceDefinition): string =>
  resource.base ?? (resource.group ? `/${resource.group.name}/${resource.name}` : `/${resource.name}`)

/** A menu group for the resource: its list shows in the menu, the other screens highlight the list. */
export function resourceRoute(resource: ResourceDefinition): AppRoute {
  const base = baseOf(resource)
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
  const meta = { titleKey: `${resource.name}.title`, icon: resource.icon }
  return { path: base, meta: resource.hidden ? { ...meta, hidden: true } : meta, children }
}

/**
 * The routes of all resources, in order: a grouped resource joins its group's submenu, which stands where
 * the group's first resource does. The group is always shown as a submenu (the template's alwaysShow).
 */
export function resourceRoutes(resources: readonly ResourceDefinition[]): AppRoute[] {
  const routes: AppRoute[] = []
  const groups = new Map<string, AppRoute>()
  for (const resource of resources) {
    const route = resourceRoute(resource)
    const group = resource.group
    if (!group) {
      routes.push(route)
      continue
    }
    let parent = groups.get(group.name)
    if (!parent) {
      parent = {
        path: `/${group.name}`,
        meta: { titleKey: `${group.name}.title`, icon: group.icon, alwaysShow: true },
        children: [],
      }
      groups.set(group.name, parent)
      routes.push(parent)
    }
    parent.children?.push(route)
  }
  return routes
}

/** Every string table the resources bring: each resource's, and each group's once. */
export function resourceLocales(resources: readonly ResourceDefinition[]): Record<string, Locale> {
  const locales: Record<string, Locale> = {}
  for (const { name, locale, group } of resources) {
    locales[name] = locale
    if (group) locales[group.name] = group.locale
  }
  return locales
}

/** The in-app path of one of the resource's screens: `resourcePath(tags, 'edit', 7)` -> `/tags/edit/7`. */
export function resourcePath(
  resource: ResourceDefinition,
  action: RouteAction,
  id?: number | string,
): string {
  const base = baseOf(resource)
  const sub = resource.paths?.[action] ?? defaultPaths[action]
  const path = sub ? `${base}/${sub}` : base
  return id === undefined ? path : path.replace(':id', String(id))
}
