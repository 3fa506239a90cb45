import { describe, expect, it } from 'vitest'
import { isSecretPhrase, rememberKey, SECRET_PHRASE } from '../src/shell/easter-egg/secret-phrase.ts'

const type = (keys: string[], typed = '') => keys.reduce(rememberKey, typed)

describe('easter-egg phrase', () => {
  it('is 12 characters long (spec section 9)', () => {
    expect([...SECRET_PHRASE]).toHaveLength(12)
  })

  it('is recognised after any other typing, in any letter case', () => {
    expect(isSecretPhrase(type([...`hello ${SECRET_PHRASE}`]))).toBe(true)
    expect(isSecretPhrase(type([...SECRET_PHRASE.toUpperCase()]))).toBe(true)
  })

  it('ignores keys that are not characters, and is broken by a wrong one', () => {
    const withShift = [...SECRET_PHRASE].flatMap((key) => ['Shift', key])
    expect(isSecretPhrase(type(withShift))).toBe(true)
    const broken = [...SECRET_PHRASE.slice(0, 6), 'x', ...SECRET_PHRASE.slice(6)]
    expect(isSecretPhrase(type(broken))).toBe(false)
  })
})
