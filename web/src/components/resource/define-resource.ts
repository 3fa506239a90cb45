import type { ChildContract, ResourceContract } from '@vod/contract/resource'
import type { AppRoute, RouteAction } from '../../base/route-types.ts'
import type { Locale } from '../../i18n/define-locale.ts'
import { withResource } from './resource-context.tsx'
import { baseOf, resourcePath } from './resource-paths.ts'
import type { ResourceDefinition, Screen, WebContract } from './resource-types.ts'

export type * from './resource-types.ts'

type Declared<C extends WebContract> = Omit<ResourceDefinition<C>, 'name' | 'api'> & {
  name?: string
  api?: string
}

export function defineResource<const C extends WebContract>(declared: Declared<C>): ResourceDefinition {
  const { contract } = declared
  return {
    ...declared,
    name: declared.name ?? contract.path,
    api: declared.api ?? contract.path,
  } as unknown as ResourceDefinition
}

/**
 * A child of a resource's contract (a channel's campaigns) as a contract of its own, for screens that route
 * it: its API path under the parent's, with the parent's id as the route param `parentParam`.
 */
export function childContract(
  parent: ResourceContract,
  child: string,
  parentParam: string,
): WebContract & { record: ChildContract['record'] } {
  const spec = parent.children?.[child]
  if (!spec) throw new Error(`${parent.path} has no child "${child}"`)
  return {
    path: `${parent.path}/:${parentParam}/${child}`,
    record: spec.record,
    ...(spec.input ? { input: spec.input } : {}),
    list: spec.list ?? {
      sortable: spec.ordered ? ['id', 'position'] : ['id'],
      defaultSort: spec.ordered ? 'position' : 'id',
    },
  }
}

const titleKeys: Record<RouteAction, string> = {
  list: 'title',
  show: 'showTitle',
  create: 'createTitle',
  edit: 'editTitle',
  'batch-create': 'batchCreateTitle',
}

/** The shared screen of each action (components/resource/screens/). */
const sharedScreens: Record<RouteAction, Screen> = {
  list: () => import('./screens/ListScreen.tsx'),
  show: () => import('./screens/ShowScreen.tsx'),
  create: () => import('./screens/FormScreen.tsx'),
  edit: () => import('./screens/FormScreen.tsx'),
  'batch-create': () => import('./screens/ImportScreen.tsx'),
}

// Declaration order is menu and route-matching order: static paths before `:id`.
const actionOrder: RouteAction[] = ['list', 'create', 'batch-create', 'edit', 'show']

/** The screen a route loads for one action of the resource, or none. */
function screenOf(resource: ResourceDefinition, action: RouteAction): Screen | undefined {
  const screen = resource.screens[action]
  return screen === true ? sharedScreens[action] : screen
}

/** A menu group for the resource: its list shows in the menu, the other screens highlight the list. */
export function resourceRoute(resource: ResourceDefinition): AppRoute {
  const base = baseOf(resource)
  const children = actionOrder.flatMap((action): AppRoute[] => {
    const screen = screenOf(resource, action)
    if (!screen) return []
    const page = async () => ({ default: withResource(resource, (await screen()).default) })
    const path = resourcePath(resource, action)
    const title = resource.view ? `views.${resource.view}` : titleKeys[action]
    const meta = { titleKey: `${resource.name}.${title}`, resource: resource.name, action }
    return [
      action === 'list'
        ? { path, page, meta }
        : { path, page, meta: { ...meta, hidden: true, activeMenu: base } },
    ]
  })
  const meta = {
    titleKey: `${resource.name}.${resource.view ? `views.${resource.view}` : 'title'}`,
    icon: resource.icon,
  }
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
