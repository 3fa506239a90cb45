import { describe, expect, it } from 'vitest'
import { fuzzyScore, rankEntries, type SearchEntry } from '../src/shell/header-search/fuzzy.ts'
import { searchPool } from '../src/shell/header-search/search-pool.ts'

const entries: SearchEntry[] = [
  { path: '/dashboard', titles: ['Dashboard'] },
  { path: '/tags', titles: ['Tags'] },
  { path: '/permissions/admins', titles: ['Permission', 'Admins'] },
  { path: '/permissions/roles', titles: ['Permission', 'Roles'] },
  { path: '/analytics/daily/revenue', titles: ['Analytics', 'Daily revenue'] },
  { path: '/videos/posts', titles: ['Content', 'Posts'] },
]
const ranked = (query: string) => rankEntries(query, entries).map((entry) => entry.path)

describe('menu search ranking', () => {
  it('matches letters in order, not necessarily together', () => {
    expect(fuzzyScore('drv', 'Daily revenue')).not.toBeNull()
    expect(fuzzyScore('vrd', 'Daily revenue')).toBeNull()
    expect(ranked('dlyrev')).toEqual(['/analytics/daily/revenue'])
  })

  it('puts a whole word before scattered letters, and a word start before a middle', () => {
    // "ro": Roles starts with it; Permission > Admins has no "ro" at all; "Dashboard" only scattered.
    expect(ranked('ro')[0]).toBe('/permissions/roles')
    expect(ranked('admin')[0]).toBe('/permissions/admins')
    expect(fuzzyScore('rev', 'Daily revenue')).toBeGreaterThan(fuzzyScore('rev', 'Drive every') ?? 0)
  })

  it('searches the parent titles and the path too, ignoring case and extra spaces', () => {
    // Equal matches: the shorter title first.
    expect(ranked('PERMISSION')).toEqual(['/permissions/roles', '/permissions/admins'])
    expect(ranked('  CONTENT  ')).toEqual(['/videos/posts'])
    expect(ranked('/tags')).toEqual(['/tags'])
    expect(ranked('')).toEqual([])
  })

  it('works for Chinese titles, character by character', () => {
    const zh: SearchEntry[] = [
      { path: '/tags', titles: ['标签'] },
      { path: '/analytics/daily/revenue', titles: ['数据分析', '每日营收'] },
    ]
    expect(rankEntries('营收', zh).map((entry) => entry.path)).toEqual(['/analytics/daily/revenue'])
    expect(rankEntries('数营', zh).map((entry) => entry.path)).toEqual(['/analytics/daily/revenue'])
  })

  it('builds its pool from the menu, with each page under its menu path', () => {
    const menu = [
      { key: '/dashboard', titleKey: 'dashboard.title' },
      {
        key: '/permissions',
        titleKey: 'permissions.title',
        children: [{ key: '/permissions/roles', titleKey: 'roles.title' }],
      },
    ]
    expect(searchPool(menu, (key) => key.toUpperCase())).toEqual([
      { path: '/dashboard', titles: ['DASHBOARD.TITLE'] },
      { path: '/permissions/roles', titles: ['PERMISSIONS.TITLE', 'ROLES.TITLE'] },
    ])
  })
})
