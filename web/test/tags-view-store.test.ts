import { beforeEach, describe, expect, it } from 'vitest'
import { useTagsView } from '../src/stores/tags-view.ts'

const dashboard = { path: '/dashboard', fullPath: '/dashboard', affix: true }
const view = (path: string, query = '') => ({ path, fullPath: path + query, affix: false })
const all = () => true

beforeEach(() => {
  sessionStorage.clear()
  useTagsView.setState({ visitedViews: [], cachedViews: [], owner: null })
  useTagsView.getState().start('admin', [dashboard], all)
})

describe('tag views store', () => {
  it('keeps the screen of a visit unless the route says noCache', () => {
    const { visit } = useTagsView.getState()
    visit(view('/tags'), true)
    visit(view('/profile/index'), false)
    expect(useTagsView.getState().visitedViews.map((v) => v.path)).toEqual([
      '/dashboard',
      '/tags',
      '/profile/index',
    ])
    expect(useTagsView.getState().cachedViews).toEqual(['/tags'])
  })

  it('drops the kept screens of the tabs it closes', () => {
    const { visit, close, closeOthers, dropCache } = useTagsView.getState()
    for (const path of ['/dashboard', '/a', '/b', '/c'])
      visit(path === '/dashboard' ? dashboard : view(path), true)
    close('/a')
    expect(useTagsView.getState().cachedViews).toEqual(['/dashboard', '/b', '/c'])
    dropCache('/b')
    expect(useTagsView.getState().cachedViews).toEqual(['/dashboard', '/c'])
    expect(useTagsView.getState().visitedViews.map((v) => v.path)).toContain('/b')
    closeOthers('/c')
    expect(useTagsView.getState().cachedViews).toEqual(['/dashboard', '/c'])
    useTagsView.getState().closeAll()
    expect(useTagsView.getState().cachedViews).toEqual(['/dashboard'])
  })

  it('remembers the tabs, not the kept screens, in sessionStorage', () => {
    useTagsView.getState().visit(view('/tags', '?page=2'), true)
    const stored = JSON.parse(sessionStorage.getItem('tags-view') ?? '{}')
    expect(stored.state).toEqual({
      owner: 'admin',
      visitedViews: [dashboard, view('/tags', '?page=2')],
    })
  })

  it('gives another admin a fresh start', () => {
    useTagsView.getState().visit(view('/tags'), true)
    useTagsView.getState().start('admin', [dashboard], all)
    expect(useTagsView.getState().visitedViews).toHaveLength(2)
    useTagsView.getState().start('someone-else', [dashboard], all)
    expect(useTagsView.getState().visitedViews).toEqual([dashboard])
  })
})
