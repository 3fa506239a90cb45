import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '../src/auth/password.ts'
import { testPasswordHash } from './support/harness.ts'

describe('password hashes', () => {
  it("are argon2id at OWASP's baseline cost: 19 MiB, 2 passes, one lane", async () => {
    const hash = await hashPassword('passw0rd')
    const [, kind, version, params] = hash.split('$')
    expect([kind, version]).toEqual(['argon2id', 'v=19'])
    expect(Object.fromEntries((params ?? '').split(',').map((pair) => pair.split('=')))).toEqual({
      m: '19456',
      t: '2',
      p: '1',
    })
    expect(await verifyPassword(hash, 'passw0rd')).toBe(true)
    expect(await verifyPassword(hash, 'passw0rd2')).toBe(false)
  })

  // The harness's admins (support/harness.ts) are stored at a lower cost; the server checks them the same way.
  it('the harness stores the same kind of hash at a lower cost, which the server checks alike', async () => {
    const hash = await testPasswordHash('passw0rd')
    expect(hash).toMatch(/^\$argon2id\$v=19\$/)
    expect(await verifyPassword(hash, 'passw0rd')).toBe(true)
    expect(await verifyPassword(hash, 'passw0rd2')).toBe(false)
  })
})
