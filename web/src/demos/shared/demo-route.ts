import type { ComponentType } from 'react'
import type { AppRoute } from '../../base/route-types.ts'

interface DemoPage {
  path: string
  titleKey: string
  page: () => Promise<{ default: ComponentType }>
}

/**
 * A demo area's group: hidden from the menu but searchable, its first page opened by the group's path;
 * no resource, so any logged-in admin is granted it.
 */
export function demoArea(path: string, titleKey: string, children: (DemoPage | AppRoute)[]): AppRoute {
  return {
    path,
    redirect: children[0]?.path,
    meta: { titleKey, hidden: true, searchable: true },
    children: children.map((child) =>
      'titleKey' in child
        ? { path: child.path, meta: { titleKey: child.titleKey }, page: child.page }
        : child,
    ),
  }
}
