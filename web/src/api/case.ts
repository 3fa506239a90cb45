/**
 * Key conversion between the app (camelCase) and the wire (snake_case, API.md). Only the HTTP module
 * calls these, so nothing else in the app knows about snake_case.
 */

/** `categoryId` -> `category_id`; acronyms stay one word: `utmID` -> `utm_id`, `URLPath` -> `url_path`. */
export function toSnake(key: string): string {
  return key
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
}

/** `category_id` -> `categoryId`; dotted error paths keep their dots: `rows.1.user_name` -> `rows.1.userName`. */
export function toCamel(key: string): string {
  return key.replace(/(?<=[a-zA-Z\d])_+([a-z\d])/g, (_, next: string) => next.toUpperCase())
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** Renames keys deeply through plain objects and arrays; Files, Blobs, FormData, Dates pass untouched. */
function convertKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, rename))
  if (!isPlainObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) out[rename(key)] = convertKeys(item, rename)
  return out
}

export const snakeKeys = (value: unknown): unknown => convertKeys(value, toSnake)
export const camelKeys = (value: unknown): unknown => convertKeys(value, toCamel)

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S

/** A wire type (contract, snake_case) as the app sees it after camelKeys: `Camelize<Tag>`. */
export type Camelize<T> = T extends readonly (infer Item)[]
  ? Camelize<Item>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelCase<K> : K]: Camelize<T[K]> }
    : T
