import { describe, expect, it } from 'vitest'
import { shellRoutes } from '../src/app/shell-routes.ts'
import {
  can,
  grantedRoutes,
  grantsAnyRoute,
  isRouteGranted,
  requiredPermission,
} from '../src/base/permission-match.ts'
import type { AppRoute, RouteAction } from '../src/base/route-types.ts'

const leaf = (path: string, resource?: string, action?: RouteAction): AppRoute => ({
  path,
  meta: { titleKey: path, resource, action },
})

const videos: AppRoute = {
  path: '/videos',
  meta: { titleKey: 'videos' },
  children: [
    leaf('/videos', 'videos', 'list'),
    leaf('/videos/show/:id', 'videos', 'show'),
    leaf('/videos/create', 'videos', 'create'),
    leaf('/videos/batch-create', 'videos', 'batch-create'),
    leaf('/videos/edit/:id', 'videos', 'edit'),
  ],
}
const daily: AppRoute = {
  path: '/analytics/daily',
  meta: { titleKey: 'daily' },
  children: [
    leaf('/analytics/daily/revenue', 'daily-revenue', 'list'),
    leaf('/analytics/daily/channel', 'daily-channel', 'list'),
  ],
}
const dashboard = leaf('/dashboard')
const table = [dashboard, videos, daily]

const granted = (names: string[], route: AppRoute) => isRouteGranted(route, new Set(names))
const paths = (routes: AppRoute[]): string[] => routes.flatMap((r) => [r.path, ...paths(r.children ?? [])])

describe('permission matching (spec section 6)', () => {
  it('list-{resource} grants the list and the show/detail routes, nothing else', () => {
    const names = ['list-videos']
    expect(granted(names, leaf('/videos', 'videos', 'list'))).toBe(true)
    expect(granted(names, leaf('/videos/show/:id', 'videos', 'show'))).toBe(true)
    expect(granted(names, leaf('/videos/create', 'videos', 'create'))).toBe(false)
    expect(granted(names, leaf('/videos/edit/:id', 'videos', 'edit'))).toBe(false)
    expect(granted(names, leaf('/videos/batch-create', 'videos', 'batch-create'))).toBe(false)
  })

  it('create-, edit- and batch-create- grant their own routes', () => {
    expect(granted(['create-videos'], leaf('/videos/create', 'videos', 'create'))).toBe(true)
    expect(granted(['edit-videos'], leaf('/videos/edit/:id', 'videos', 'edit'))).toBe(true)
    expect(granted(['batch-create-videos'], leaf('/videos/batch-create', 'videos', 'batch-create'))).toBe(
      true,
    )
    expect(granted(['create-videos'], leaf('/videos/batch-create', 'videos', 'batch-create'))).toBe(false)
  })

  it('matches the resource exactly', () => {
    expect(granted(['list-tags'], leaf('/videos', 'videos', 'list'))).toBe(false)
    expect(granted(['list-video'], leaf('/videos', 'videos', 'list'))).toBe(false)
  })

  it('an analytics screen needs the permission that reads its figures, not any daily one (issue 36)', () => {
    const revenue = leaf('/analytics/daily/revenue', 'daily-revenue', 'list')
    expect(granted(['list-daily-revenue'], revenue)).toBe(true)
    expect(granted(['list-daily-campaign', 'list-daily-channel'], revenue)).toBe(false)
    expect(granted(['export-daily-revenue'], revenue)).toBe(false)
    expect(granted([], revenue)).toBe(false)
  })

  it('every analytics screen of the table names its own list-daily permission', () => {
    const group = shellRoutes.find((route) => route.path === '/analytics/daily')
    expect(
      group?.children?.map((route) => [route.path, requiredPermission(route.meta?.resource ?? '')]),
    ).toEqual([
      ['/analytics/daily/revenue', 'list-daily-revenue'],
      ['/analytics/daily/channel', 'list-daily-channel'],
      ['/analytics/daily/campaign', 'list-daily-campaign'],
      ['/analytics/daily/daily-data', 'list-daily-data'],
      ['/analytics/daily/subscriber-source', 'list-daily-subscriber-source'],
      ['/analytics/daily/refund-statistics', 'list-daily-refund-statistics'],
      // Subscription economics: read, on the server, with the company revenue's permission.
      ['/analytics/daily/subscriptions', 'list-daily-revenue'],
    ])
  })

  it('shows a parent when any child is granted', () => {
    expect(granted(['edit-videos'], videos)).toBe(true)
    expect(granted(['list-tags'], videos)).toBe(false)
    expect(granted(['list-daily-channel'], daily)).toBe(true)
    expect(granted(['list-daily-data'], daily)).toBe(false)
  })

  it('routes without a resource need no permission', () => {
    expect(granted([], dashboard)).toBe(true)
  })

  it('prunes the table to what is granted', () => {
    expect(paths(grantedRoutes(table, new Set(['list-videos', 'edit-videos'])))).toEqual([
      '/dashboard',
      '/videos',
      '/videos',
      '/videos/show/:id',
      '/videos/edit/:id',
    ])
    expect(paths(grantedRoutes(table, new Set(['list-daily-revenue'])))).toEqual([
      '/dashboard',
      '/analytics/daily',
      '/analytics/daily/revenue',
    ])
  })

  it('knows when nothing permission-driven is granted (the /401 case)', () => {
    expect(grantsAnyRoute(table, new Set())).toBe(false)
    expect(grantsAnyRoute(table, new Set(['view-dashboard']))).toBe(false)
    expect(grantsAnyRoute(table, new Set(['list-videos']))).toBe(true)
    expect(grantsAnyRoute(table, new Set(['list-daily-revenue']))).toBe(true)
    expect(grantsAnyRoute(table, new Set(['list-daily-data']))).toBe(false)
  })

  it('names the permission a route needs and checks buttons', () => {
    expect(requiredPermission('tags')).toBe('list-tags')
    expect(requiredPermission('tags', 'show')).toBe('list-tags')
    expect(requiredPermission('videos', 'batch-create')).toBe('batch-create-videos')
    expect(can(new Set(['delete-tags']), 'delete', 'tags')).toBe(true)
    expect(can(new Set(['delete-tags']), 'edit', 'tags')).toBe(false)
    expect(can(null, 'delete', 'tags')).toBe(false)
  })
})
