/**
 * Which screens stay alive when left (the template's keep-alive), as a least-recently-used list of view
 * keys: the view's pathname, so each tab has its own kept screen, nested routes included.
 */

/** Spec section 9: at most 99 kept views. */
export const MAX_CACHED_VIEWS = 99

/** `key` becomes the most recently used; past `max`, the least recently used are dropped first. */
export function touchCachedView(keys: readonly string[], key: string, max = MAX_CACHED_VIEWS): string[] {
  const next = [...keys.filter((item) => item !== key), key]
  return next.length > max ? next.slice(next.length - max) : next
}

export function dropCachedViews(keys: readonly string[], drop: Iterable<string>): string[] {
  const dropped = new Set(drop)
  return keys.filter((key) => !dropped.has(key))
}

export function keepCachedViews(keys: readonly string[], keep: Iterable<string>): string[] {
  const kept = new Set(keep)
  return keys.filter((key) => kept.has(key))
}
