import { describe, expect, it } from 'vitest'
import { decideNavigation } from '../src/app/guard.ts'
import * as shell from '../src/app/shell-routes.ts'
import { shellRoutes } from '../src/app/shell-routes.ts'
import { grantedRoutes } from '../src/base/permission-match.ts'
import type { AppRoute } from '../src/base/route-types.ts'
import { resourcePath } from '../src/components/resource/resource-paths.ts'
import { plans } from '../src/resources/plans/index.ts'
import { promotions } from '../src/resources/promotions/index.ts'
import { buildMenu } from '../src/shell/menu.ts'

const leaves = (routes: readonly AppRoute[]): AppRoute[] =>
  routes.flatMap((route) => [...(route.page ? [route] : []), ...leaves(route.children ?? [])])
const go = (pathname: string, names: string[]) =>
  decideNavigation({ pathname, search: '', token: 't', permissions: new Set(names) }, shell)

describe('the Plans group: plans, promotions, deals and subscriptions', () => {
  it('puts the screens at the paths of spec section 2', () => {
    const group = shellRoutes.find((route) => route.path === '/plan-management') as AppRoute
    expect(leaves([group]).map((route) => route.path)).toEqual([
      '/plans',
      '/plans/create',
      '/plans/:id/edit',
      '/plans/:id',
      '/plans/promotions',
      '/plans/promotions/create',
      '/plans/promotions/edit/:id',
      '/plans/promotions/:id',
      '/plans/deals',
      '/plans/deals/create',
      '/plans/deals/edit/:id',
      '/plans/deals/:id',
      '/plans/subscriptions',
    ])
    expect(resourcePath(plans, 'edit', 3)).toBe('/plans/3/edit')
    expect(resourcePath(promotions, 'edit', 4)).toBe('/plans/promotions/edit/4')
  })

  it('reaches /plans/promotions as promotions, not as a plan id, and the subscriptions list with list-subscriptions', () => {
    expect(go('/plans/promotions', ['list-promotions'])).toEqual({ kind: 'pass' })
    expect(go('/plans/7', ['list-plans'])).toEqual({ kind: 'pass' })
    expect(go('/plans/7/edit', ['list-plans'])).toEqual({ kind: 'redirect', to: '/401' })
    expect(go('/plans/7/edit', ['edit-plans'])).toEqual({ kind: 'pass' })
    expect(go('/plans/subscriptions', ['list-subscriptions'])).toEqual({ kind: 'pass' })
    expect(go('/plans/subscriptions', ['list-plans'])).toEqual({ kind: 'redirect', to: '/401' })
  })

  it('puts subscriptions in the menu beside the other lists (finance looks for them there)', () => {
    const all = ['list-plans', 'list-promotions', 'list-deals', 'list-subscriptions']
    const menu = buildMenu(grantedRoutes(shellRoutes, new Set(all)))
    const group = menu.find((node) => node.key === '/plan-management')
    expect(group?.titleKey).toBe('plan-management.title')
    expect(group?.children?.map((node) => node.key)).toEqual([
      '/plans',
      '/plans/promotions',
      '/plans/deals',
      '/plans/subscriptions',
    ])
    const alone = buildMenu(grantedRoutes(shellRoutes, new Set(['list-subscriptions'])))
    const only = alone.find((node) => node.key === '/plan-management')
    expect(only?.children?.map((node) => node.key)).toEqual(['/plans/subscriptions'])
  })
})
