import { describe, expect, it } from 'vitest'
import { MAX_CACHED_VIEWS, touchCachedView } from '../src/stores/view-cache.ts'
import {
  addView,
  closeAllViews,
  closeOtherViews,
  closeView,
  destinationAfterClose,
  moveView,
  startingViews,
  type VisitedView,
} from '../src/stores/visited-views.ts'

const view = (path: string, query = '', affix = false): VisitedView => ({
  path,
  fullPath: path + query,
  affix,
})
const dashboard = view('/dashboard', '', true)
const paths = (views: readonly VisitedView[]) => views.map((item) => item.fullPath)

describe('tabs of visited pages', () => {
  it('adds a tab per path, at the end', () => {
    const views = addView(addView([dashboard], view('/tags')), view('/tags/edit/3'))
    expect(paths(views)).toEqual(['/dashboard', '/tags', '/tags/edit/3'])
    expect(paths(addView(views, view('/tags/edit/4')))).toEqual([
      '/dashboard',
      '/tags',
      '/tags/edit/3',
      '/tags/edit/4',
    ])
  })

  it('updates the tab of a path visited with another query, in place', () => {
    const views = [dashboard, view('/tags'), view('/profile/index')]
    expect(paths(addView(views, view('/tags', '?page=2')))).toEqual([
      '/dashboard',
      '/tags?page=2',
      '/profile/index',
    ])
    expect(addView(views, view('/tags'))).toEqual(views)
  })

  it('never closes an affixed tab', () => {
    const views = [dashboard, view('/tags'), view('/tags/create')]
    expect(paths(closeView(views, '/tags'))).toEqual(['/dashboard', '/tags/create'])
    expect(closeView(views, '/dashboard')).toEqual(views)
    expect(paths(closeOtherViews(views, '/tags/create'))).toEqual(['/dashboard', '/tags/create'])
    expect(paths(closeOtherViews(views, '/dashboard'))).toEqual(['/dashboard'])
    expect(paths(closeAllViews(views))).toEqual(['/dashboard'])
  })

  it('goes to the last tab left when the active one closes, to the root when none is left', () => {
    const left = [dashboard, view('/tags', '?page=2')]
    expect(destinationAfterClose(left, '/tags/create')).toBe('/tags?page=2')
    expect(destinationAfterClose(left, '/tags')).toBeNull()
    expect(destinationAfterClose([], '/tags')).toBe('/')
  })

  it('moves a tab to the place of another', () => {
    const views = [dashboard, view('/a'), view('/b'), view('/c')]
    expect(paths(moveView(views, '/a', '/c'))).toEqual(['/dashboard', '/b', '/c', '/a'])
    expect(paths(moveView(views, '/c', '/dashboard'))).toEqual(['/c', '/dashboard', '/a', '/b'])
    expect(moveView(views, '/a', '/missing')).toEqual(views)
  })

  it('starts from the remembered tabs that may still be opened, affixed ones always there', () => {
    const remembered = [view('/tags', '?page=3'), view('/admins'), view('/tags'), view('/roles')]
    const mayOpen = (path: string) => path !== '/admins'
    expect(startingViews([dashboard], remembered, mayOpen)).toEqual([
      dashboard,
      view('/tags', '?page=3'),
      view('/roles'),
    ])
    // A remembered affixed tab keeps its place and query.
    expect(startingViews([dashboard], [view('/roles'), view('/dashboard', '?x=1')], mayOpen)).toEqual([
      view('/roles'),
      view('/dashboard', '?x=1', true),
    ])
  })
})

describe('kept views (least recently used)', () => {
  it('puts the view just used last', () => {
    expect(touchCachedView(['/a', '/b', '/c'], '/a')).toEqual(['/b', '/c', '/a'])
    expect(touchCachedView(['/a'], '/b')).toEqual(['/a', '/b'])
  })

  it(`keeps at most ${MAX_CACHED_VIEWS} views, dropping the least recently used first`, () => {
    let keys: string[] = []
    for (let i = 1; i <= MAX_CACHED_VIEWS; i++) keys = touchCachedView(keys, `/v/${i}`)
    expect(keys).toHaveLength(99)
    // Using /v/1 again saves it; the next new view pushes out /v/2, now the least recently used.
    keys = touchCachedView(keys, '/v/1')
    keys = touchCachedView(keys, '/v/100')
    expect(keys).toHaveLength(99)
    expect(keys).not.toContain('/v/2')
    expect(keys).toContain('/v/1')
    expect(keys.at(-1)).toBe('/v/100')
    expect(keys[0]).toBe('/v/3')
  })
})
