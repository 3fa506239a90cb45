import { describe, expect, it } from 'vitest'
import { decideNavigation, type GuardInput } from '../src/app/guard.ts'
import * as shell from '../src/app/shell-routes.ts'

const base: GuardInput = { pathname: '/', search: '', token: undefined, permissions: null }
const decide = (input: Partial<GuardInput>) => decideNavigation({ ...base, ...input }, shell)
const signedIn = (names: string[]) => ({ token: 't', permissions: new Set(names) })

describe('route guard (spec section 4)', () => {
  it('without a token lets only public paths through', () => {
    for (const pathname of ['/login', '/auth-redirect', '/404', '/401', '/4anything'])
      expect(decide({ pathname })).toEqual({ kind: 'pass' })
  })

  it('without a token sends everything else to login, remembering path and query', () => {
    expect(decide({ pathname: '/tags', search: '?page=2&type=genre' })).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/tags?page=2&type=genre')}`,
    })
    expect(decide({ pathname: '/no/such/page' })).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/no/such/page')}`,
    })
  })

  it('with a token still opens /login, so that the account can be switched', () => {
    expect(decide({ pathname: '/login', token: 't' })).toEqual({ kind: 'pass' })
    expect(decide({ pathname: '/login', ...signedIn([]) })).toEqual({ kind: 'pass' })
  })

  it('with a token but no permissions yet asks for the session first', () => {
    expect(decide({ pathname: '/tags', token: 't' })).toEqual({ kind: 'load-session' })
    expect(decide({ pathname: '/404', token: 't' })).toEqual({ kind: 'pass' })
  })

  it('sends an admin granted nothing to /401', () => {
    expect(decide({ pathname: '/dashboard', ...signedIn([]) })).toEqual({ kind: 'redirect', to: '/401' })
  })

  it('passes granted routes, including the ones without a resource', () => {
    const session = signedIn(['list-tags', 'edit-tags'])
    for (const pathname of ['/', '/dashboard', '/tags', '/tags/edit/12', '/redirect/tags'])
      expect(decide({ pathname, ...session })).toEqual({ kind: 'pass' })
  })

  it('sends routes the permissions do not grant to /401', () => {
    expect(decide({ pathname: '/tags/create', ...signedIn(['list-tags']) })).toEqual({
      kind: 'redirect',
      to: '/401',
    })
  })

  it('sends unknown paths and non-numeric ids to /404', () => {
    const session = signedIn(['list-tags', 'edit-tags'])
    expect(decide({ pathname: '/nowhere', ...session })).toEqual({ kind: 'redirect', to: '/404' })
    for (const id of ['abc', '0', '01', '1e3'])
      expect(decide({ pathname: `/tags/edit/${id}`, ...session })).toEqual({ kind: 'redirect', to: '/404' })
  })
})
