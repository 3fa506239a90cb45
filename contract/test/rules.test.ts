import { describe, expect, it } from 'vitest'
import { isPermissionName, permissionEntries, permissionNames } from '../src/permissions.ts'
import { isExternalLink, isNumericId, isWebAddress, passwordIssue } from '../src/rules.ts'

describe('password rule (spec section 5)', () => {
  it.each([
    ['', 'required'],
    [undefined, 'required'],
    ['ABCDEF!!', 'letterAndNumber'],
    ['12345678', 'letter'],
    ['ABC12345', 'letter'],
    ['abcdefgh', 'number'],
    ['abc12345', null],
  ] as const)('%j -> %s', (password, issue) => {
    expect(passwordIssue(password)).toBe(issue)
  })
})

describe('link checks (spec section 5)', () => {
  it('accepts http(s), mailto and tel as external links only', () => {
    expect(isExternalLink('https://a.b')).toBe(true)
    expect(isExternalLink('mailto:x@y.z')).toBe(true)
    expect(isExternalLink('tel:123')).toBe(true)
    expect(isExternalLink('ftp://a.b')).toBe(false)
    expect(isExternalLink('/videos')).toBe(false)
    expect(isExternalLink('HTTPS://Example.com/a?b=1')).toBe(true)
    expect(isExternalLink('https:')).toBe(false)
    expect(isExternalLink('javascript:alert(1)')).toBe(false)
    expect(isExternalLink('mailto:nobody')).toBe(false)
    expect(isExternalLink('tel:+1 (555) 010-9999')).toBe(true)
  })
  it('accepts http, https and ftp web addresses', () => {
    expect(isWebAddress('ftp://files.example.com/a')).toBe(true)
    expect(isWebAddress('https://example.com')).toBe(true)
    expect(isWebAddress('mailto:x@y.z')).toBe(false)
    expect(isWebAddress('javascript:alert(1)')).toBe(false)
  })
})

describe('numeric ids', () => {
  it.each([
    ['1', true],
    ['42', true],
    ['0', false],
    ['01', false],
    ['-1', false],
    ['1e3', false],
    ['abc', false],
    ['99999999999999999', false],
    [undefined, false],
  ] as const)('%j -> %s', (id, ok) => {
    expect(isNumericId(id)).toBe(ok)
  })
})

describe('permission catalogue', () => {
  it('names every entry <action>-<resource>, once', () => {
    expect(new Set(permissionNames).size).toBe(permissionNames.length)
    for (const p of permissionEntries) expect(p.name).toBe(`${p.action}-${p.group}`)
  })
  it('covers the spec resources and the daily analytics', () => {
    for (const name of [
      'list-tags',
      'publish-videos',
      'batch-create-videos',
      'list-daily-revenue',
      'assign-roles',
    ])
      expect(isPermissionName(name)).toBe(true)
    expect(isPermissionName('list-nothing')).toBe(false)
  })
})
