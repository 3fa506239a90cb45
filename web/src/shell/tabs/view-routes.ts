import type { AppRoute } from '../../base/route-types.ts'

/** Routes that get a tab: screens with a title; the redirect helper only re-enters other screens. */
export const isTabRoute = (route: AppRoute | undefined): route is AppRoute =>
  Boolean(route?.page && route.meta && !route.path.startsWith('/redirect'))

/** Screens kept alive when left, unless the route says noCache (profile, the redirect helper). */
export const isKeptRoute = (route: AppRoute | undefined): route is AppRoute =>
  isTabRoute(route) && !route.meta?.noCache
