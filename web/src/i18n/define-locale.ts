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
