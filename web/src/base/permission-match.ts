import type { AppRoute, RouteAction } from './route-types.ts'

/**
 * Spec section 6, as pure functions: which routes a set of permission names grants.
 * - `list-{resource}` grants the list, show and detail routes of that resource;
 * - `create-`, `edit-`, `batch-create-{resource}` grant their own routes;
 * - a parent is granted when any child is;
 * - a route naming several `resources` is granted by its action on any of them;
 * - routes naming no resource (dashboard, profile) need no permission.
 * Every screen names the permission that reads its data: the analytics screens under /analytics/daily each
 * their own `list-daily-*` (the spec's "any permission with daily in its name opens every daily path" showed a
 * marketer screens whose every call the server refuses, issue 36).
 */

export type Permissions = ReadonlySet<string>

export function requiredPermission(resource: string, action: RouteAction = 'list'): string {
  return `${action === 'show' ? 'list' : action}-${resource}`
}

/** Routes whose access depends on permissions at all (as opposed to dashboard-like routes). */
function isPermissionRoute(route: AppRoute): boolean {
  return Boolean(route.meta?.resource || route.meta?.resources)
}

export function isRouteGranted(route: AppRoute, permissions: Permissions): boolean {
  if (route.children?.length) return route.children.some((child) => isRouteGranted(child, permissions))
  const { resource, resources, action } = route.meta ?? {}
  if (resources) return resources.some((one) => permissions.has(requiredPermission(one, action)))
  if (!resource) return true
  return permissions.has(requiredPermission(resource, action))
}

/** The table pruned to what the permissions grant; parents keep only their granted children. */
export function grantedRoutes(routes: readonly AppRoute[], permissions: Permissions): AppRoute[] {
  return routes
    .filter((route) => isRouteGranted(route, permissions))
    .map((route) =>
      route.children ? { ...route, children: grantedRoutes(route.children, permissions) } : route,
    )
}

/** Whether the permissions open at least one permission-driven screen; if none, the admin sees /401. */
export function grantsAnyRoute(routes: readonly AppRoute[], permissions: Permissions): boolean {
  return routes.some((route) =>
    route.children?.length
      ? grantsAnyRoute(route.children, permissions)
      : isPermissionRoute(route) && isRouteGranted(route, permissions),
  )
}

/** Button-level check by permission name: `hasPermission(names, 'reset-qrcode-admins')`. */
export function hasPermission(permissions: Permissions | null, name: string): boolean {
  return permissions?.has(name) ?? false
}

/** Button-level check: may the admin do `action` (`create`, `edit`, `delete`, `publish`...) on `resource`? */
export function can(permissions: Permissions | null, action: string, resource: string): boolean {
  return hasPermission(permissions, `${action}-${resource}`)
}
