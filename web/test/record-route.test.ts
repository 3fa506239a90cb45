import { permissionNames } from '@vod/contract'
import { searchKinds } from '@vod/contract/search'
import { beforeAll, describe, expect, it } from 'vitest'
import { decideNavigation } from '../src/app/guard.ts'
import * as shell from '../src/app/shell-routes.ts'
import { registerResources } from '../src/components/resource/registry.ts'
import { resources } from '../src/resources/index.ts'
import { kindTitleKey, recordRoute } from '../src/shell/header-search/record-route.ts'

const allPermissions: string[] = [...permissionNames]
const hit = (id: number, parent_id: number | null = null) => ({
  id,
  label: 'x',
  detail: null,
  parent_id,
  exact: 0 as const,
})

/** Where a record the header search found opens: a screen the app routes, for every kind the API answers. */
describe('the routes of found records', () => {
  beforeAll(() => registerResources(resources))

  it('opens a record on its page, or on its form when it has none', () => {
    expect(recordRoute('users', hit(12))).toBe('/users/12')
    expect(recordRoute('orders', hit(7))).toBe('/orders/7')
    expect(recordRoute('videos', hit(5))).toBe('/videos/show/5')
    expect(recordRoute('channels', hit(3))).toBe('/channels/3')
    expect(recordRoute('campaigns', hit(9, 3))).toBe('/channels/3/campaigns/9/edit')
    // A campaign without its channel has nowhere to open.
    expect(recordRoute('campaigns', hit(9))).toBeNull()
  })

  it('gives every kind a screen the router serves to a super-admin, and a title of its resource', () => {
    for (const kind of searchKinds) {
      const path = recordRoute(kind, hit(4, 2)) as string
      expect(path, kind).toMatch(/^\//)
      const decision = decideNavigation(
        { pathname: path, search: '', token: 't', permissions: new Set(allPermissions) },
        shell,
      )
      expect(decision, `${kind}: ${path}`).toEqual({ kind: 'pass' })
      expect(kindTitleKey(kind), kind).toMatch(/\.title$/)
    }
  })
})
