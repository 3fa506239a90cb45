import type { AppRoute } from '../../base/route-types.ts'
import type { MenuNode } from '../menu.ts'
import type { SearchEntry } from './fuzzy.ts'

/**
 * What the menu search looks through: every page of the admin's menu (granted, not hidden), with the
 * titles of its menu path, translated by `translate`.
 */
export function searchPool(
  menu: readonly MenuNode[],
  translate: (key: string) => string,
  parents: string[] = [],
): SearchEntry[] {
  return menu.flatMap((node) => {
    const titles = [...parents, translate(node.titleKey)]
    return node.children ? searchPool(node.children, translate, titles) : [{ path: node.key, titles }]
  })
}

/**
 * The screens of hidden but `searchable` routes (the demo pages): not in the menu, still found by the
 * search. Screens needing an id (`/edit/:id`) are left out: there is no page to open without one.
 */
export function hiddenSearchPool(
  routes: readonly AppRoute[],
  translate: (key: string) => string,
  parents: string[] = [],
  inside = false,
): SearchEntry[] {
  return routes.flatMap((route) => {
    const searchable = inside || Boolean(route.meta?.hidden && route.meta.searchable)
    const titles = route.meta ? [...parents, translate(route.meta.titleKey)] : parents
    const own = searchable && route.page && !route.path.includes(':') ? [{ path: route.path, titles }] : []
    return [...own, ...hiddenSearchPool(route.children ?? [], translate, titles, searchable)]
  })
}
