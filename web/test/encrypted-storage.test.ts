import { describe, expect, it } from 'vitest'
import { readStoredPermissions, storePermissions } from '../src/stores/permission.ts'

describe('stored permissions (spec section 6)', () => {
  it('are sealed: not readable in storage, readable with the session token only', async () => {
    await storePermissions('token-a', ['list-tags', 'edit-tags'])
    const raw = localStorage.getItem('permissions') ?? ''
    expect(raw).not.toBe('')
    expect(raw).not.toContain('list-tags')
    expect(atob(raw.split('.')[1] ?? '')).not.toContain('list-tags')
    expect(await readStoredPermissions('token-a')).toEqual(['list-tags', 'edit-tags'])
    expect(await readStoredPermissions('token-b')).toBeNull()
  })

  it('seals each write afresh', async () => {
    await storePermissions('token-a', ['list-tags'])
    const first = localStorage.getItem('permissions')
    await storePermissions('token-a', ['list-tags'])
    expect(localStorage.getItem('permissions')).not.toBe(first)
  })

  it('reads nothing from tampered or missing storage', async () => {
    localStorage.setItem('permissions', 'garbage')
    expect(await readStoredPermissions('token-a')).toBeNull()
    localStorage.removeItem('permissions')
    expect(await readStoredPermissions('token-a')).toBeNull()
  })
})
