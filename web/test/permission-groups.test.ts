import { describe, expect, it } from 'vitest'
import {
  actionOf,
  filterGroups,
  groupPermissions,
  groupState,
  toggleGroup,
} from '../src/components/permission/permission-catalogue.ts'

const catalogue = [
  { name: 'list-admins', group: 'admins' },
  { name: 'reset-qrcode-admins', group: 'admins' },
  { name: 'list-tags', group: 'tags' },
  { name: 'create-tags', group: 'tags' },
  { name: 'delete-tags', group: 'tags' },
  { name: 'list-daily-revenue', group: 'daily-revenue' },
]
const titles: Record<string, string> = { admins: 'Admins', tags: 'Tags' }
const groups = groupPermissions(
  catalogue,
  (group) => titles[group] ?? group,
  (entry) => actionOf(entry).toUpperCase(),
)

describe("the role form's permission groups", () => {
  it('groups by resource in catalogue order, with translated titles where there are some', () => {
    expect(groups.map((g) => [g.group, g.title, g.permissions.map((p) => p.name)])).toEqual([
      ['admins', 'Admins', ['list-admins', 'reset-qrcode-admins']],
      ['tags', 'Tags', ['list-tags', 'create-tags', 'delete-tags']],
      ['daily-revenue', 'daily-revenue', ['list-daily-revenue']],
    ])
  })

  it('takes the action from the name, multi-word actions and resources included', () => {
    expect(actionOf({ name: 'reset-qrcode-admins', group: 'admins' })).toBe('reset-qrcode')
    expect(actionOf({ name: 'list-daily-revenue', group: 'daily-revenue' })).toBe('list')
    expect(actionOf({ name: 'odd', group: 'admins' })).toBe('odd')
  })

  it('select-all is unchecked with none, indeterminate with some, checked with all', () => {
    const tags = ['list-tags', 'create-tags', 'delete-tags']
    expect(groupState(tags, new Set())).toEqual({ checked: false, indeterminate: false })
    expect(groupState(tags, new Set(['create-tags', 'list-admins']))).toEqual({
      checked: false,
      indeterminate: true,
    })
    expect(groupState(tags, new Set(tags))).toEqual({ checked: true, indeterminate: false })
    expect(groupState([], new Set(['x']))).toEqual({ checked: false, indeterminate: false })
  })

  it('ticking select-all adds the missing names once; clearing it removes only that group', () => {
    const tags = ['list-tags', 'create-tags', 'delete-tags']
    expect(toggleGroup(['list-admins', 'create-tags'], tags, true)).toEqual([
      'list-admins',
      'create-tags',
      'list-tags',
      'delete-tags',
    ])
    expect(toggleGroup(['list-admins', 'create-tags', 'list-tags'], tags, false)).toEqual(['list-admins'])
  })

  it('filters by group title or key (whole group) or by permission name or label', () => {
    expect(filterGroups(groups, '  ')).toHaveLength(3)
    expect(filterGroups(groups, 'tag').map((g) => [g.group, g.permissions.length])).toEqual([['tags', 3]])
    expect(filterGroups(groups, 'LIST').map((g) => g.permissions.map((p) => p.name))).toEqual([
      ['list-admins'],
      ['list-tags'],
      ['list-daily-revenue'],
    ])
    expect(filterGroups(groups, 'qrcode').map((g) => g.permissions.map((p) => p.name))).toEqual([
      ['reset-qrcode-admins'],
    ])
    expect(filterGroups(groups, 'nothing like it')).toEqual([])
  })
})
