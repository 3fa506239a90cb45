import { beforeEach, describe, expect, it } from 'vitest'
import { useTabs } from '../src/stores/tabs.ts'

const dashboard = { path: '/dashboard', fullPath: '/dashboard', affix: true }
const view = (path: string, query = '') => ({ path, fullPath: path + query, affix: false })
const all = () => true

beforeEach(() => {
  sessionStorage.clear()
  useTabs.setState({ visitedViews: [], cachedViews: [], owner: null, leaving: null, arrivals: {} })
  useTabs.getState().start('admin', [dashboard], all)
})

describe('tag views store', () => {
  it('keeps the screen of a visit unless the route says noCache', () => {
    const { visit } = useTabs.getState()
    visit(view('/tags'), true)
    visit(view('/profile/index'), false)
    expect(useTabs.getState().visitedViews.map((v) => v.path)).toEqual([
      '/dashboard',
      '/tags',
      '/profile/index',
    ])
    expect(useTabs.getState().cachedViews).toEqual(['/tags'])
  })

  it('drops the kept screens of the tabs it closes', () => {
    const { visit, close, closeOthers, dropCache } = useTabs.getState()
    for (const path of ['/dashboard', '/a', '/b', '/c'])
      visit(path === '/dashboard' ? dashboard : view(path), true)
    close('/a')
    expect(useTabs.getState().cachedViews).toEqual(['/dashboard', '/b', '/c'])
    dropCache('/b')
    expect(useTabs.getState().cachedViews).toEqual(['/dashboard', '/c'])
    expect(useTabs.getState().visitedViews.map((v) => v.path)).toContain('/b')
    closeOthers('/c')
    expect(useTabs.getState().cachedViews).toEqual(['/dashboard', '/c'])
    useTabs.getState().closeAll()
    expect(useTabs.getState().cachedViews).toEqual(['/dashboard'])
  })

  it('remembers the tabs, not the kept screens, in sessionStorage', () => {
    useTabs.getState().visit(view('/tags', '?page=2'), true)
    const stored = JSON.parse(sessionStorage.getItem('tabs') ?? '{}')
    expect(stored.state).toEqual({
      owner: 'admin',
      visitedViews: [dashboard, view('/tags', '?page=2')],
    })
  })

  it('gives another admin a fresh start', () => {
    useTabs.getState().visit(view('/tags'), true)
    useTabs.getState().start('admin', [dashboard], all)
    expect(useTabs.getState().visitedViews).toHaveLength(2)
    useTabs.getState().start('someone-else', [dashboard], all)
    expect(useTabs.getState().visitedViews).toEqual([dashboard])
  })

  it('does not bring back the tab of a page being left, and forgets that once another page is visited', () => {
    const { visit, close, leave } = useTabs.getState()
    visit(view('/tags/edit/1'), true)
    close('/tags/edit/1')
    leave('/tags/edit/1')
    // The router is still on the closed page for a moment; a re-render visits it again.
    visit(view('/tags/edit/1'), true)
    expect(useTabs.getState().visitedViews.map((v) => v.path)).toEqual(['/dashboard'])
    visit(dashboard, true)
    visit(view('/tags/edit/1'), true)
    expect(useTabs.getState().visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/tags/edit/1'])
  })

  it('takes the page being left, entered again once the router had moved off it, as a visit', () => {
    const { visit, close, leave, routed } = useTabs.getState()
    visit(view('/tags/edit/1'), true)
    close('/tags/edit/1')
    leave('/tags/edit/1')
    routed('/tags')
    visit(view('/tags/edit/1'), true)
    expect(useTabs.getState().visitedViews.map((v) => v.path)).toEqual(['/dashboard'])
    // The list it went to never rendered: the admin opened the record again first.
    routed('/tags/edit/1')
    expect(useTabs.getState().arrivals).toEqual({ '/tags': 1, '/tags/edit/1': 1 })
    visit(view('/tags/edit/1'), true)
    expect(useTabs.getState().visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/tags/edit/1'])
    expect(useTabs.getState().cachedViews).toContain('/tags/edit/1')
  })
})
