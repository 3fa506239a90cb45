import { describe, expect, it } from 'vitest'
import { decideNavigation } from '../src/app/guard.ts'
import * as shell from '../src/app/shell-routes.ts'
import { findShellRoute, shellRoutes } from '../src/app/shell-routes.ts'
import { grantedRoutes } from '../src/base/permission-match.ts'
import type { AppRoute } from '../src/base/route-types.ts'
import { resourcePath } from '../src/components/resource/resource-paths.ts'
import { admins } from '../src/resources/admins/index.ts'
import { auditLogs } from '../src/resources/audit-logs/index.tsx'
import { roles } from '../src/resources/roles/index.ts'
import { crumbsOf } from '../src/shell/crumbs.ts'
import { activeMenuKey, buildMenu, openMenuKeys } from '../src/shell/menu.ts'

const group = shellRoutes.find((route) => route.path === '/permissions') as AppRoute
const leaves = (routes: readonly AppRoute[]): AppRoute[] =>
  routes.flatMap((route) => [...(route.page ? [route] : []), ...leaves(route.children ?? [])])
const leaf = (path: string) => leaves([group]).find((route) => route.path === path) as AppRoute
const trailOf = (path: string): AppRoute[] => {
  const resource = group.children?.find((child) => child.children?.some((route) => route.path === path))
  return [group, resource as AppRoute, leaf(path)]
}
const go = (pathname: string, names: string[]) =>
  decideNavigation({ pathname, search: '', token: 't', permissions: new Set(names) }, shell)

describe('the Permissions group: admins, roles and audit logs', () => {
  it('puts the screens under /permissions with the paths of spec section 2', () => {
    expect(leaves([group]).map((route) => [route.path, route.meta?.resource, route.meta?.action])).toEqual([
      ['/permissions/admins', 'admins', 'list'],
      ['/permissions/admins/create', 'admins', 'create'],
      ['/permissions/admins/edit/:id', 'admins', 'edit'],
      ['/permissions/admins/:id', 'admins', 'show'],
      ['/permissions/roles', 'roles', 'list'],
      ['/permissions/roles/create', 'roles', 'create'],
      ['/permissions/roles/edit/:id', 'roles', 'edit'],
      ['/permissions/audit-logs', 'audit-logs', 'list'],
    ])
    expect(resourcePath(admins, 'show', 3)).toBe('/permissions/admins/3')
    expect(resourcePath(roles, 'edit', 4)).toBe('/permissions/roles/edit/4')
    expect(resourcePath(auditLogs, 'list')).toBe('/permissions/audit-logs')
  })

  it('grants list and show with list-admins, create and edit with their own permissions', () => {
    expect(go('/permissions/admins', ['list-admins'])).toEqual({ kind: 'pass' })
    expect(go('/permissions/admins/7', ['list-admins'])).toEqual({ kind: 'pass' })
    expect(go('/permissions/admins/create', ['list-admins'])).toEqual({ kind: 'redirect', to: '/401' })
    expect(go('/permissions/admins/edit/7', ['list-admins'])).toEqual({ kind: 'redirect', to: '/401' })
    expect(go('/permissions/admins/edit/7', ['edit-admins'])).toEqual({ kind: 'pass' })
    expect(go('/permissions/admins/create', ['create-admins'])).toEqual({ kind: 'pass' })
    expect(go('/permissions/roles/create', ['create-roles'])).toEqual({ kind: 'pass' })
    expect(go('/permissions/roles/edit/2', ['edit-roles'])).toEqual({ kind: 'pass' })
    expect(go('/permissions/audit-logs', ['list-audit-logs'])).toEqual({ kind: 'pass' })
    expect(go('/permissions/admins', ['list-tags'])).toEqual({ kind: 'redirect', to: '/401' })
    expect(go('/permissions/admins/abc', ['list-admins'])).toEqual({ kind: 'redirect', to: '/404' })
  })

  it('shows one translated submenu holding the granted lists, and none without them', () => {
    const all = ['list-admins', 'list-roles', 'list-audit-logs', 'list-tags']
    const menu = buildMenu(grantedRoutes(shellRoutes, new Set(all)))
    const permissions = menu.find((node) => node.key === '/permissions')
    expect(permissions?.titleKey).toBe('permissions.title')
    expect(permissions?.children?.map((node) => [node.key, node.titleKey])).toEqual([
      ['/permissions/admins', 'admins.title'],
      ['/permissions/roles', 'roles.title'],
      ['/permissions/audit-logs', 'audit-logs.title'],
    ])
    // A single granted list still shows under its group (the template's alwaysShow).
    const one = buildMenu(grantedRoutes(shellRoutes, new Set(['list-roles'])))
    expect(one.find((node) => node.key === '/permissions')?.children?.map((node) => node.key)).toEqual([
      '/permissions/roles',
    ])
    const tagsOnly = buildMenu(grantedRoutes(shellRoutes, new Set(['list-tags', 'list-videos'])))
    expect(tagsOnly.map((node) => node.key)).not.toContain('/permissions')
  })

  it('highlights the list and opens the group on show and edit screens, with the right breadcrumb', () => {
    const menu = buildMenu(grantedRoutes(shellRoutes, new Set(['list-admins', 'edit-admins'])))
    for (const path of ['/permissions/admins/:id', '/permissions/admins/edit/:id']) {
      const trail = trailOf(path)
      const active = activeMenuKey({ route: leaf(path), trail })
      expect(active).toBe('/permissions/admins')
      expect(openMenuKeys(menu, active)).toEqual(['/permissions'])
    }
    expect(crumbsOf(trailOf('/permissions/admins/:id')).map((crumb) => crumb.titleKey)).toEqual([
      'dashboard.title',
      'permissions.title',
      'admins.title',
      'admins.showTitle',
    ])
    // The group names its level but opens no screen, so the breadcrumb does not link it; the list it does.
    const crumbs = crumbsOf(trailOf('/permissions/roles/edit/:id'))
    expect(crumbs.map((crumb) => [crumb.path, Boolean(findShellRoute(crumb.path))])).toEqual([
      ['/dashboard', true],
      ['/permissions', false],
      ['/permissions/roles', true],
      ['/permissions/roles/edit/:id', true],
    ])
  })
})
