import { cleanup, render, renderHook, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Can } from '../src/components/permission/Can.tsx'
import { hasRole, NEED_ROLES_MESSAGE } from '../src/components/permission/has-role.ts'
import { RoleGate } from '../src/components/permission/RoleGate.tsx'
import { useHasRole } from '../src/components/permission/use-has-role.ts'
import { clearPermissions, setPermissions, useCan } from '../src/stores/permission.ts'
import { type Profile, useSession } from '../src/stores/session.ts'

const profile = (roles: string[]): Profile => ({
  id: 1,
  username: 'admin',
  name: 'Admin',
  avatar: null,
  introduction: null,
  email: null,
  two_factor_bound: 0,
  two_factor_mode: 'optional',
  field_rules: {},
  time_zone: 'UTC',
  roles,
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  useSession.setState({ token: undefined, profile: null })
  clearPermissions()
})

describe('the permission directive as <RoleGate roles> and useHasRole (spec section 6)', () => {
  it('keeps the exact message of the template', () => {
    expect(NEED_ROLES_MESSAGE).toBe(`need roles! Like v-permission="['admin','editor']"`)
  })

  it('shows children when the roles share one with the admin, hides them otherwise', () => {
    useSession.setState({ profile: profile(['admin']) })
    render(
      <>
        <RoleGate roles={['admin', 'editor']}>
          <button type="button">for admins</button>
        </RoleGate>
        <RoleGate roles={['editor']}>
          <button type="button">for editors</button>
        </RoleGate>
      </>,
    )
    expect(screen.getByRole('button', { name: 'for admins' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'for editors' })).toBeNull()
  })

  it('hides children while no profile is loaded', () => {
    render(
      <RoleGate roles={['admin']}>
        <span>secret</span>
      </RoleGate>,
    )
    expect(screen.queryByText('secret')).toBeNull()
  })

  it('throws the exact message for an empty or missing list', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    useSession.setState({ profile: profile(['admin']) })
    expect(() => render(<RoleGate roles={[]}>x</RoleGate>)).toThrow(NEED_ROLES_MESSAGE)
    const missing = undefined as unknown as string[]
    expect(() => render(<RoleGate roles={missing}>x</RoleGate>)).toThrow(NEED_ROLES_MESSAGE)
    expect(() => renderHook(() => useHasRole([]))).toThrow(
      `need roles! Like v-permission="['admin','editor']"`,
    )
  })

  it('useHasRole answers for what a wrapper cannot cover', () => {
    useSession.setState({ profile: profile(['editor']) })
    expect(renderHook(() => useHasRole(['admin'])).result.current).toBe(false)
    expect(renderHook(() => useHasRole(['admin', 'editor'])).result.current).toBe(true)
  })

  it('hasRole is the same rule as a pure function', () => {
    expect(hasRole(['admin'], ['admin'])).toBe(true)
    expect(hasRole([], ['admin'])).toBe(false)
    expect(() => hasRole(['admin'], [])).toThrow(NEED_ROLES_MESSAGE)
  })
})

describe('button-level checks by permission name', () => {
  it('<Can> renders its children only with the permission, else the fallback', () => {
    setPermissions(['list-admins', 'edit-admins'])
    render(
      <>
        <Can permission="edit-admins">
          <button type="button">Edit</button>
        </Can>
        <Can permission="delete-admins" fallback={<span>no delete</span>}>
          <button type="button">Delete</button>
        </Can>
      </>,
    )
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(screen.getByText('no delete')).toBeTruthy()
  })

  it('<Can> hides everything before the permissions are known', () => {
    render(
      <Can permission="list-admins">
        <span>list</span>
      </Can>,
    )
    expect(screen.queryByText('list')).toBeNull()
  })

  it('useCan takes a whole name or an action and a resource, and follows the store', () => {
    setPermissions(['reset-qrcode-admins'])
    const byName = renderHook(() => useCan('reset-qrcode-admins'))
    const byParts = renderHook(() => useCan('reset-qrcode', 'admins'))
    const other = renderHook(() => useCan('enable', 'admins'))
    expect([byName.result.current, byParts.result.current, other.result.current]).toEqual([true, true, false])
  })
})
