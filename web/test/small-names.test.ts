import { describe, expect, it } from 'vitest'
import { fieldLabel } from '../src/components/resource/labels.ts'
import { i18n } from '../src/i18n/index.ts'
import '../src/resources/index.ts'
import { shellLocale } from '../src/shell/locale.ts'

/** Issue 58, item 8: names, not codes, in the history and the settings drawer. */
describe('names of the history and the shell', () => {
  it("labels a refund's or takedown's reason in the audit history, in both languages", () => {
    for (const [language, word] of [
      ['en', 'Reason'],
      ['zh-cn', '原因'],
    ] as const) {
      const t = i18n.getFixedT(language)
      for (const resource of ['orders', 'videos', 'posts'])
        expect(fieldLabel(t, resource, 'reason')).toBe(word)
    }
  })

  it('translates the fixed header switch', () => {
    expect(JSON.stringify(shellLocale['zh-cn'])).toContain('"fixedHeader":"固定顶栏"')
  })
})
