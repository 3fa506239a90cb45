import { paramText } from './code-labels.ts'
import { en, enAttributes, type MessageKey } from './en.ts'
import type { Language } from './languages.ts'
import { zhCN, zhCNAttributes } from './zh-CN.ts'

export { type Language, languages } from './languages.ts'
export type { MessageKey }
export type MessageParams = Record<string, string | number>

const tables: Record<Language, { messages: Record<MessageKey, string>; attributes: Record<string, string> }> =
  {
    en: { messages: en, attributes: enAttributes },
    'zh-CN': { messages: zhCN, attributes: zhCNAttributes },
  }

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key)
}

/**
 * The best language for an Accept-Language header: any Chinese variant gets zh-CN (the only Chinese table),
 * everything else English. Quality values are honoured so "en;q=0.9, zh-CN" picks Chinese.
 */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return 'en'
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';')
      const q = rest.map((r) => r.trim()).find((r) => r.startsWith('q='))
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index }
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { tag } of ranked) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN'
    if (tag === 'en' || tag.startsWith('en-')) return 'en'
  }
  return 'en'
}

/** The field's human name: `category_id` reads "category ID" / "分类 ID", as the screens label it; unknown fields read with spaces. */
export function attributeName(lang: Language, field: string): string {
  return tables[lang].attributes[field] ?? tables.en.attributes[field] ?? field.replaceAll('_', ' ')
}

export function translate(lang: Language, key: MessageKey, params: MessageParams = {}): string {
  const template = tables[lang].messages[key]
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? paramText(lang, name, params[name] as string | number) : whole,
  )
}
