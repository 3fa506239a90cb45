import type { ComponentType } from 'react'

/** Screens a permission can grant (spec section 6); `show` covers detail screens too. */
export type RouteAction = 'list' | 'show' | 'create' | 'edit' | 'batch-create'

interface RouteMeta {
  /** i18n key, translated wherever the title shows (menu, breadcrumb, page title). */
  titleKey: string
  icon?: ComponentType
  /** Not in the menu. */
  hidden?: boolean
  /** Hidden from the menu, yet its screens are found by the menu search (the demo pages). */
  searchable?: boolean
  /** Reachable without a session (login, error pages). */
  public?: boolean
  /** Permission resource, as in the API path; with `action` it names the permission the route needs. */
  resource?: string
  /** Instead of `resource`: the route is granted by `action` on any of these (the Scheduled screen). */
  resources?: readonly string[]
  action?: RouteAction
  /** Not kept alive when left (used by cached views, a later issue). */
  noCache?: boolean
  /** A tab that cannot be closed (tag views, a later issue). */
  affix?: boolean
  /** The menu item to highlight instead of this route's own (edit screens highlight their list). */
  activeMenu?: string
  /** false: left out of the breadcrumb. */
  breadcrumb?: boolean
  /** A parent shown as a submenu even with a single visible child. */
  alwaysShow?: boolean
}

export interface AppRoute {
  /** Absolute path, React Router syntax (`/tags/edit/:id`). Every `:param` must be a numeric id. */
  path: string
  meta?: RouteMeta
  /** The screen, loaded when first visited. */
  page?: () => Promise<{ default: ComponentType }>
  redirect?: string
  /** Menu grouping; children carry their own absolute paths. */
  children?: AppRoute[]
}

/** What each routed screen finds in `useMatches()[n].handle`. */
export interface RouteHandle {
  route: AppRoute
  /** The route's ancestors in the table, then the route itself: the breadcrumb. */
  trail: AppRoute[]
}
