import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { pickLanguage, translate } from '../src/i18n/index.ts'
import { translateIssues } from '../src/i18n/zod-issues.ts'

describe('Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['zh-CN', 'zh-CN'],
    ['zh-cn,zh;q=0.9', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
    ['fr-FR, zh-CN;q=0.5', 'zh-CN'],
    ['en;q=0.5, zh-CN', 'zh-CN'],
    ['de', 'en'],
  ] as const)('%j -> %s', (header, lang) => {
    expect(pickLanguage(header)).toBe(lang)
  })
})

describe('validation messages', () => {
  const schema = z.object({
    name: z.string().trim().min(1).max(5),
    type: z.enum(['a', 'b']),
    count: z.number().int(),
    rows: z.array(z.object({ email: z.string().email() })),
  })
  const issues = (input: unknown) => {
    const result = schema.safeParse(input, { reportInput: true })
    if (result.success) throw new Error('expected a failure')
    return result.error.issues
  }

  it('reads as sentences naming the field, in English and Chinese', () => {
    const found = issues({ name: '   ', type: 'c', count: 1.5, rows: [{ email: 'x' }] })
    expect(translateIssues('en', found)).toEqual({
      name: ['The name field is required.'],
      type: ['The selected type is invalid.'],
      count: ['The count field must be an integer.'],
      'rows.1.email': ['The email field must be a valid email address.'],
    })
    expect(translateIssues('zh-CN', found)).toMatchObject({
      name: ['名称不能为空。'],
      type: ['所选的类型无效。'],
    })
  })

  it('tells a missing field from a wrong one', () => {
    expect(translateIssues('en', issues({ rows: [] }))).toMatchObject({
      name: ['The name field is required.'],
      type: ['The type field is required.'],
      count: ['The count field is required.'],
    })
    expect(translateIssues('en', issues({ name: 7, type: 'a', count: 1, rows: [] }))).toEqual({
      name: ['The name field must be a string.'],
    })
    expect(translateIssues('en', issues({ name: 'toolong', type: 'a', count: 1, rows: [] }))).toEqual({
      name: ['The name field must not be greater than 5 characters.'],
    })
  })

  it('translates server messages with parameters', () => {
    expect(translate('en', 'errors.api_version', { version: '2.0', supported: '1.0' })).toBe(
      'API version 2.0 is not supported; this server speaks 1.0.',
    )
    expect(translate('zh-CN', 'auth.failed')).toBe('用户名或密码错误。')
  })
})
