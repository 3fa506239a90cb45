import { act } from 'react'
import { describe, expect, it } from 'vitest'
import '../src/i18n/index.ts'
import { changeLines, formatValue } from '../src/components/changes/changes.ts'
import { valueTexts } from '../src/components/changes/value-text.ts'
import { i18n } from '../src/i18n/index.ts'
import { useApp } from '../src/stores/app.ts'

/** Values as recorded, empty ones as `empty`. */
const raw = (empty: string) => (_field: string, value: unknown) => formatValue(value, empty)

describe("an audit log's changes, readable", () => {
  it('shows an update as field: old → new', () => {
    expect(
      changeLines({ name: ['Old', 'New'], status: ['enabled', 'disabled'] }, 'update', raw('(empty)')),
    ).toEqual([
      { field: 'name', text: 'Old → New' },
      { field: 'status', text: 'enabled → disabled' },
    ])
  })

  it('shows empty and list values readably', () => {
    expect(
      changeLines({ phone: [null, '123'], permissions: [['a'], ['a', 'b']] }, 'update', raw('∅')),
    ).toEqual([
      { field: 'phone', text: '∅ → 123' },
      { field: 'permissions', text: 'a → a, b' },
    ])
  })

  it('does not read a created two-item list as a change', () => {
    expect(
      changeLines({ permissions: ['list-tags', 'list-videos'], name: 'Viewer' }, 'create', raw('∅')),
    ).toEqual([
      { field: 'permissions', text: 'list-tags, list-videos' },
      { field: 'name', text: 'Viewer' },
    ])
  })

  it("reads other actions' pairs as old → new, and records by their names", () => {
    expect(changeLines({ adminIds: [[1], [1, 2]] }, 'assign', raw('∅'))).toEqual([
      { field: 'adminIds', text: '1 → 1, 2' },
    ])
    expect(changeLines({ status: ['enabled', 'disabled'] }, 'disable', raw('∅'))).toEqual([
      { field: 'status', text: 'enabled → disabled' },
    ])
    expect(changeLines({ roles: [{ id: 1, name: 'Viewer' }] }, 'create', raw('∅'))).toEqual([
      { field: 'roles', text: 'Viewer' },
    ])
    expect(changeLines({ name: 'Gone', permissions: ['a', 'b'] }, 'delete', raw('∅'))).toEqual([
      { field: 'name', text: 'Gone' },
      { field: 'permissions', text: 'a, b' },
    ])
  })

  it('shows nothing without changes', () => {
    expect(changeLines(null, 'login', raw('∅'))).toEqual([])
    expect(formatValue({ a: 1 }, '∅')).toBe('{"a":1}')
    expect(formatValue(false, '∅')).toBe('false')
  })
})

describe("recorded values in the reader's language", () => {
  const lines = (resource: string, changes: Record<string, unknown>, action = 'update') =>
    changeLines(changes, action, valueTexts(resource, i18n.t)).map((line) => line.text)

  it('reads statuses, flags, secrets, permission names and timestamps in Chinese', () => {
    act(() => useApp.getState().setLanguage('zh-cn'))
    expect(lines('admins', { status: ['disabled', 'enabled'], password: '[changed]' })).toEqual([
      '禁用 → 启用',
      '（已修改）',
    ])
    expect(lines('admins', { two_factor_bound: 0, email: null }, 'create')).toEqual(['否', '（空）'])
    expect(lines('roles', { permissions: ['list-tags', 'reset-qrcode-admins'] }, 'create')).toEqual([
      '标签列表, 管理员重置验证器',
    ])
    expect(lines('forbidden', { permission: 'list-admins' }, 'forbidden')).toEqual(['管理员列表'])
    expect(lines('tags', { created_at: '2026-01-02T03:04:05.000Z' }, 'create')[0]).toMatch(
      /^2026-01-0\d \d\d:04:05$/,
    )
    expect(lines('tags', { name: ['Drama', 'enabled'] })).toEqual(['Drama → enabled'])
  })

  it('and in English', () => {
    act(() => useApp.getState().setLanguage('en'))
    expect(lines('admins', { status: ['enabled', 'disabled'], two_factor_bound: [1, 0] })).toEqual([
      'Enabled → Disabled',
      'Yes → No',
    ])
    expect(lines('roles', { permissions: ['list-tags'] }, 'create')).toEqual(['List Tags'])
  })
})
