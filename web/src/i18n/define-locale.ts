export interface Messages {
  [key: string]: string | Messages
}

type SameShape<T> = { [K in keyof T]: T[K] extends string ? string : SameShape<T[K]> }

/** A folder's strings in both languages; the zh-cn half must have exactly the en half's keys. */
export interface Locale<T extends Messages = Messages> {
  en: T
  'zh-cn': SameShape<T>
}

export function defineLocale<T extends Messages>(locale: {
  en: T
  'zh-cn': NoInfer<SameShape<T>>
}): Locale<T> {
  return locale
}

/** One string in each language, side by side: `['Tags', '标签']` (English, then Chinese). */
export type Pair = readonly [en: string, zhCn: string]

export interface Pairs {
  readonly [key: string]: Pair | Pairs
}

/** The tree of one language that a tree of pairs holds. */
export type PairStrings<T> = { -readonly [K in keyof T]: T[K] extends Pair ? string : PairStrings<T[K]> }

function half(pairs: Pairs, side: 0 | 1): Messages {
  return Object.fromEntries(
    Object.entries(pairs).map(([key, value]) => [key, isPair(value) ? value[side] : half(value, side)]),
  )
}

const isPair = (value: Pair | Pairs): value is Pair => Array.isArray(value)

/**
 * A folder's strings with each key written once and both languages beside it, so that neither can miss a
 * string or drift from the other's shape: `title: ['Tags', '标签']`.
 */
export function definePairs<const T extends Pairs>(pairs: T): Locale<PairStrings<T>> {
  return { en: half(pairs, 0), 'zh-cn': half(pairs, 1) } as unknown as Locale<PairStrings<T>>
}
