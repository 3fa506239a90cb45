import { useMatches } from 'react-router'
import type { RouteHandle } from './route-types.ts'

/** The current screen's entry in the route table, with its breadcrumb trail. */
export function useRouteHandle(): RouteHandle | undefined {
  return useMatches().at(-1)?.handle as RouteHandle | undefined
}
