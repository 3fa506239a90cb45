import type { SearchGroup } from '@vod/contract/search'
import { http } from './http.ts'

/**
 * `GET /search?q=`: the records the caller may list whose codes start with, or whose titles and names
 * contain, the text; grouped by kind, a few each. Cancelled through `signal` when the text changes.
 */
export function searchRecords(q: string, signal?: AbortSignal): Promise<SearchGroup[]> {
  return http.get<{ data: SearchGroup[] }>('/search', { query: { q }, signal }).then((answer) => answer.data)
}
