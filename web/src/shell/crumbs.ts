import type { AppRoute } from '../base/route-types.ts'

const DASHBOARD = '/dashboard'

/** The crumbs of a trail: dashboard first, each path once, opted-out routes left out. */
export function crumbsOf(trail: readonly AppRoute[]): { path: string; titleKey: string }[] {
  const crumbs: { path: string; titleKey: string }[] = []
  for (const route of trail) {
    const meta = route.meta
    if (!meta || meta.breadcrumb === false || crumbs.at(-1)?.path === route.path) continue
    crumbs.push({ path: route.path, titleKey: meta.titleKey })
  }
  if (crumbs.length && crumbs[0]?.path !== DASHBOARD)
    crumbs.unshift({ path: DASHBOARD, titleKey: 'dashboard.title' })
  return crumbs
}
