/** What of a list's URL query the admin may use on this list (ResourceList works it out from the contract). */
export interface UsableQuery {
  /** Filter and range parameters it may set (`status`, `created_at_from`). */
  params: readonly string[]
  /** Fields it may sort by. */
  sortable: readonly string[]
  /** The list takes a keyword. */
  keyword: boolean
}

const PAGE_SIZES = ['10', '20', '50', '100']

/**
 * A saved view's query as this admin's list can take it: each filter, range, sort field or keyword it may not
 * use (a field its roles hide or mask, records it may not list, a filter the list has no more, a value the
 * server emptied for it) is left out, and counted; their values are never shown. The page is no part of a view.
 */
export function usableQuery(
  query: string,
  usable: UsableQuery,
): { search: URLSearchParams; leftOut: number } {
  const search = new URLSearchParams()
  let leftOut = 0
  for (const [name, value] of new URLSearchParams(query)) {
    if (name === 'page') continue
    if (name === 'sort') {
      const terms = value.split(',').filter(Boolean)
      const kept = terms.filter((term) => usable.sortable.includes(term.replace(/^-/, '')))
      leftOut += terms.length - kept.length
      if (kept.length > 0) search.set('sort', kept.join(','))
    } else if (name === 'per_page') {
      if (PAGE_SIZES.includes(value)) search.set(name, value)
    } else if (value !== '' && (name === 'keyword' ? usable.keyword : usable.params.includes(name)))
      search.set(name, value)
    // A list never writes an empty value: the server emptied one the admin may not read (saved-views/narrowed.ts).
    else leftOut += 1
  }
  return { search, leftOut }
}

/** A list's URL query as a view keeps it: its filters, keyword, sort and page size, never its page or view. */
export function currentQuery(search: string): string {
  const params = new URLSearchParams(search)
  params.delete('page')
  params.delete('view')
  return params.toString()
}
