import { describe, expect, it } from 'vitest'
import { resolveLanguage } from '../src/base/language.ts'

describe('language resolution (spec section 9)', () => {
  it('takes the stored choice first', () => {
    expect(resolveLanguage({ stored: 'en', productDefault: 'zh-cn', browser: ['zh-CN'] })).toBe('en')
    expect(resolveLanguage({ stored: 'zh-cn', productDefault: 'zh-cn', browser: ['en-US'] })).toBe('zh-cn')
  })

  it('ignores a stored value it does not know', () => {
    expect(resolveLanguage({ stored: 'fr', productDefault: 'zh-cn', browser: ['en-US'] })).toBe('zh-cn')
  })

  it('then the product default, zh-cn, whatever the browser says', () => {
    expect(resolveLanguage({ stored: undefined, productDefault: 'zh-cn', browser: ['en-US'] })).toBe('zh-cn')
  })

  it('then the browser language', () => {
    expect(resolveLanguage({ stored: undefined, productDefault: undefined, browser: ['zh-CN', 'en'] })).toBe(
      'zh-cn',
    )
    expect(resolveLanguage({ stored: undefined, productDefault: undefined, browser: ['zh-Hans-CN'] })).toBe(
      'zh-cn',
    )
    expect(
      resolveLanguage({ stored: undefined, productDefault: undefined, browser: ['fr-FR', 'en-GB'] }),
    ).toBe('en')
  })

  it('then English', () => {
    expect(resolveLanguage({ stored: undefined, productDefault: undefined, browser: ['fr-FR'] })).toBe('en')
    expect(resolveLanguage({ stored: undefined, productDefault: undefined, browser: [] })).toBe('en')
  })
})
