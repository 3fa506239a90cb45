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
