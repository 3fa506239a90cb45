import { describe, expect, it } from 'vitest'
import { changeLines, formatValue } from '../src/resources/audit-logs/changes.ts'

describe("an audit log's changes, readable", () => {
  it('shows an update as field: old → new', () => {
    expect(
      changeLines({ name: ['Old', 'New'], status: ['enabled', 'disabled'] }, 'update', '(empty)'),
    ).toEqual([
      { field: 'name', text: 'Old → New' },
      { field: 'status', text: 'enabled → disabled' },
    ])
  })

  it('shows empty and list values readably', () => {
    expect(changeLines({ phone: [null, '123'], permissions: [['a'], ['a', 'b']] }, 'update', '∅')).toEqual([
      { field: 'phone', text: '∅ → 123' },
      { field: 'permissions', text: 'a → a, b' },
    ])
  })

  it('does not read a created two-item list as a change', () => {
    expect(changeLines({ permissions: ['list-tags', 'list-videos'], name: 'Viewer' }, 'create', '∅')).toEqual(
      [
        { field: 'permissions', text: 'list-tags, list-videos' },
        { field: 'name', text: 'Viewer' },
      ],
    )
  })

  it("reads other actions' pairs as old → new, and records by their names", () => {
    expect(changeLines({ adminIds: [[1], [1, 2]] }, 'assign', '∅')).toEqual([
      { field: 'adminIds', text: '1 → 1, 2' },
    ])
    expect(changeLines({ status: ['enabled', 'disabled'] }, 'disable', '∅')).toEqual([
      { field: 'status', text: 'enabled → disabled' },
    ])
    expect(changeLines({ roles: [{ id: 1, name: 'Viewer' }] }, 'create', '∅')).toEqual([
      { field: 'roles', text: 'Viewer' },
    ])
    expect(changeLines({ name: 'Gone', permissions: ['a', 'b'] }, 'delete', '∅')).toEqual([
      { field: 'name', text: 'Gone' },
      { field: 'permissions', text: 'a, b' },
    ])
  })

  it('shows a secret marker as recorded, and nothing without changes', () => {
    expect(changeLines({ password: '[changed]' }, 'update', '∅')).toEqual([
      { field: 'password', text: '[changed]' },
    ])
    expect(changeLines(null, 'login', '∅')).toEqual([])
    expect(formatValue({ a: 1 }, '∅')).toBe('{"a":1}')
    expect(formatValue(false, '∅')).toBe('false')
  })
})
