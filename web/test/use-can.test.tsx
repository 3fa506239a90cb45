import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { clearPermissions, setPermissions, useCan } from '../src/stores/permission.ts'

afterEach(() => clearPermissions())

describe('button-level checks by permission name', () => {
  it('useCan takes a whole name or an action and a resource, and follows the store', () => {
    setPermissions(['reset-qrcode-admins'])
    const byName = renderHook(() => useCan('reset-qrcode-admins'))
    const byParts = renderHook(() => useCan('reset-qrcode', 'admins'))
    const other = renderHook(() => useCan('enable', 'admins'))
    expect([byName.result.current, byParts.result.current, other.result.current]).toEqual([true, true, false])
  })

  it('allows nothing before the permissions are known', () => {
    expect(renderHook(() => useCan('list', 'admins')).result.current).toBe(false)
  })
})
