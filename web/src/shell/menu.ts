import type { ComponentType } from 'react'
import type { AppRoute, RouteHandle } from '../base/route-types.ts'

export interface MenuNode {
  key: string
  titleKey: string
  icon?: ComponentType<{ 'aria-hidden'?: boolean }>
  children?: MenuNode[]
}

/**
 * The sidebar's entries from the granted routes (the template's rules): hidden routes are skipped, and a
 * parent with a single visible child shows as that child (keeping the parent's icon) unless `alwaysShow`.
 */
export function buildMenu(routes: readonly AppRoute[]): MenuNode[] {
  return routes.flatMap((route): MenuNode[] => {
    if (route.meta?.hidden) return []
    const visible = buildMenu(route.children ?? [])
    const icon = route.meta?.icon
    if (!route.children?.length)
      return route.meta ? [{ key: route.path, titleKey: route.meta.titleKey, icon }] : []
    if (visible.length === 0) return []
    const [only] = visible
    if (only && visible.length === 1 && !route.meta?.alwaysShow) return [{ ...only, icon: only.icon ?? icon }]
    return [{ key: route.path, titleKey: route.meta?.titleKey ?? '', icon, children: visible }]
  })
}

/** The menu key to highlight: an edit or detail screen names its list in `activeMenu`. */
export function activeMenuKey(handle: RouteHandle | undefined): string | undefined {
  return handle && (handle.route.meta?.activeMenu ?? handle.route.path)
}

/** Submenus to open so the active item is visible. */
export function openMenuKeys(menu: readonly MenuNode[], active: string | undefined): string[] {
  for (const node of menu) {
    if (!node.children) continue
    if (node.children.some((child) => child.key === active)) return [node.key]
    const deeper = openMenuKeys(node.children, active)
    if (deeper.length) return [node.key, ...deeper]
  }
  return []
}
