import { describe, expect, it } from 'vitest'
import { decideNavigation } from '../src/app/guard.ts'
import * as shell from '../src/app/shell-routes.ts'
import { shellRoutes } from '../src/app/shell-routes.ts'
import { grantedRoutes } from '../src/base/permission-match.ts'
import type { AppRoute } from '../src/base/route-types.ts'
import { resourcePath } from '../src/components/resource/resource-paths.ts'
import { campaigns, channels } from '../src/resources/channels/index.ts'
import { buildMenu } from '../src/shell/menu.ts'

const leaves = (routes: readonly AppRoute[]): AppRoute[] =>
  routes.flatMap((route) => [...(route.page ? [route] : []), ...leaves(route.children ?? [])])
const go = (pathname: string, names: string[]) =>
  decideNavigation({ pathname, search: '', token: 't', permissions: new Set(names) }, shell)

describe('the Channels group: channels, and campaigns under a channel', () => {
  it('puts the screens at the paths the spec and the task name', () => {
    const group = shellRoutes.find((route) => route.path === '/channel-management') as AppRoute
    expect(leaves([group]).map((route) => route.path)).toEqual([
      '/channels',
      '/channels/create',
      '/channels/edit/:id',
      '/channels/:id',
      '/channels/:channelId/campaigns/create',
      '/channels/:channelId/campaigns/:id/edit',
    ])
    expect(resourcePath(channels, 'edit', 3)).toBe('/channels/edit/3')
    expect(resourcePath({ ...campaigns, base: '/channels/3' }, 'edit', 9)).toBe(
      '/channels/3/campaigns/9/edit',
    )
  })

  it('guards campaign screens by the campaigns permissions, channel screens by the channels ones', () => {
    expect(go('/channels/create', ['create-channels'])).toEqual({ kind: 'pass' })
    expect(go('/channels/7', ['list-channels'])).toEqual({ kind: 'pass' })
    expect(go('/channels/7/campaigns/create', ['create-campaigns'])).toEqual({ kind: 'pass' })
    expect(go('/channels/7/campaigns/create', ['create-channels'])).toEqual({ kind: 'redirect', to: '/401' })
    expect(go('/channels/7/campaigns/4/edit', ['edit-campaigns'])).toEqual({ kind: 'pass' })
    expect(go('/channels/7/campaigns/4/edit', ['edit-channels'])).toEqual({ kind: 'redirect', to: '/401' })
  })

  it('shows the channels list in the menu, never the campaign screens', () => {
    const menu = buildMenu(grantedRoutes(shellRoutes, new Set(['list-channels', 'create-campaigns'])))
    const group = menu.find((node) => node.key === '/channel-management')
    expect(group?.children?.map((node) => node.key)).toEqual(['/channels'])
  })
})
