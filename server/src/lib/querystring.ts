/**
 * Query strings -> plain objects. A repeated key becomes an array (which a single-value field then rejects
 * with 422); an empty value (`?type=`) counts as absent, since forms send their empty filters that way.
 */
export function parseQueryString(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null)
  for (const [key, value] of new URLSearchParams(query)) {
    if (value === '') continue
    const existing = result[key]
    if (existing === undefined) result[key] = value
    else if (Array.isArray(existing)) existing.push(value)
    else result[key] = [existing, value]
  }
  return result
}
