import { describe, expect, it } from 'vitest'
import type { AppRoute } from '../src/base/route-types.ts'
import { resourceRoute } from '../src/components/resource/define-resource.ts'
import { tags } from '../src/resources/tags/index.ts'
import { crumbsOf } from '../src/shell/crumbs.ts'
import { activeMenuKey, buildMenu, openMenuKeys } from '../src/shell/menu.ts'

const Icon = () => null
const tagsGroup = resourceRoute(tags)
const nested: AppRoute = {
  path: '/blocks',
  meta: { titleKey: 'blocks.title', icon: Icon },
  children: [
    { path: '/blocks', meta: { titleKey: 'blocks.title', resource: 'blocks' } },
    { path: '/blocks/banners', meta: { titleKey: 'banners.title', resource: 'banners' } },
    {
      path: '/blocks/banners/edit/:id',
      meta: { titleKey: 'banners.editTitle', hidden: true, activeMenu: '/blocks/banners' },
    },
  ],
}

describe('sidebar menu', () => {
  it('collapses a parent with one visible child into that child, keeping the icon', () => {
    expect(buildMenu([tagsGroup])).toEqual([{ key: '/tags', titleKey: 'tags.title', icon: tags.icon }])
  })

  it('keeps a parent with several visible children as a submenu, skipping hidden ones', () => {
    expect(buildMenu([nested])).toEqual([
      {
        key: '/blocks',
        titleKey: 'blocks.title',
        icon: Icon,
        children: [
          { key: '/blocks', titleKey: 'blocks.title', icon: undefined },
          { key: '/blocks/banners', titleKey: 'banners.title', icon: undefined },
        ],
      },
    ])
  })

  it('keeps a single-child parent when it is marked alwaysShow', () => {
    const always = { ...tagsGroup, meta: { titleKey: 'tags.title', alwaysShow: true } }
    expect(buildMenu([always])[0]?.children).toHaveLength(1)
  })

  it('drops a parent whose children are all hidden', () => {
    expect(
      buildMenu([
        {
          path: '/x',
          meta: { titleKey: 'x' },
          children: [{ path: '/x/1', meta: { titleKey: 'y', hidden: true } }],
        },
      ]),
    ).toEqual([])
  })

  it('highlights the list on edit screens and opens its submenu', () => {
    const edit = tagsGroup.children?.find((route) => route.meta?.action === 'edit')
    expect(edit?.path).toBe('/tags/edit/:id')
    expect(activeMenuKey(edit && { route: edit, trail: [tagsGroup, edit] })).toBe('/tags')
    const bannerEdit = nested.children?.[2] as AppRoute
    const active = activeMenuKey({ route: bannerEdit, trail: [nested, bannerEdit] })
    expect(active).toBe('/blocks/banners')
    expect(openMenuKeys(buildMenu([nested]), active)).toEqual(['/blocks'])
  })
})

describe('breadcrumb', () => {
  it('starts at the dashboard and names each level once', () => {
    const [list, create] = tagsGroup.children ?? []
    expect(crumbsOf([tagsGroup, list as AppRoute]).map((c) => c.titleKey)).toEqual([
      'dashboard.title',
      'tags.title',
    ])
    expect(crumbsOf([tagsGroup, create as AppRoute]).map((c) => c.titleKey)).toEqual([
      'dashboard.title',
      'tags.title',
      'tags.createTitle',
    ])
  })

  it('leaves out routes that opt out, and does not repeat the dashboard', () => {
    expect(crumbsOf([{ path: '/redirect/*', meta: { titleKey: 'x', breadcrumb: false } }])).toEqual([])
    expect(crumbsOf([{ path: '/dashboard', meta: { titleKey: 'dashboard.title' } }])).toHaveLength(1)
  })
})
