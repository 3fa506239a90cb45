import type { Query } from '../../api/http.ts'

/**
 * A list's state: page, sort, keyword and filters. A screen's main list keeps it in the URL query
 * in the API's own words (`?page=2&per_page=50&sort=-created_at&type=genre&keyword=x`), so it survives
 * reloads, can be shared, and is the query the list sends; these pure functions read and write it
 * (list-controller.ts holds it).
 */
export interface ListParams {
  page: number
  per_page: number
  /** API.md sort: comma-separated wire fields, `-` for descending. */
  sort?: string
  keyword?: string
  filters: Record<string, string>
}

export const DEFAULT_PER_PAGE = 20
const PER_PAGE_CHOICES = [10, 20, 50, 100]

const positive = (text: string | null, fallback: number): number => {
  const value = Number(text)
  return Number.isInteger(value) && value > 0 ? value : fallback
}

export function readListParams(search: URLSearchParams, filterNames: readonly string[]): ListParams {
  const per_page = positive(search.get('per_page'), DEFAULT_PER_PAGE)
  const filters: Record<string, string> = {}
  for (const name of filterNames) {
    const value = search.get(name)
    if (value) filters[name] = value
  }
  return {
    page: positive(search.get('page'), 1),
    per_page: PER_PAGE_CHOICES.includes(per_page) ? per_page : DEFAULT_PER_PAGE,
    sort: search.get('sort') || undefined,
    keyword: search.get('keyword') || undefined,
    filters,
  }
}

/** The URL query for some params; defaults are left out to keep URLs short. */
export function writeListParams(params: ListParams): URLSearchParams {
  const search = new URLSearchParams()
  if (params.page !== 1) search.set('page', String(params.page))
  if (params.per_page !== DEFAULT_PER_PAGE) search.set('per_page', String(params.per_page))
  if (params.sort) search.set('sort', params.sort)
  if (params.keyword) search.set('keyword', params.keyword)
  for (const [name, value] of Object.entries(params.filters)) if (value) search.set(name, value)
  return search
}

/** What an export gets: the list's sort (or the screen's default), keyword and filters, no paging. */
export function exportQuery(params: ListParams, defaultSort?: string): Query {
  return { sort: params.sort ?? defaultSort, keyword: params.keyword, ...params.filters }
}

/** What the API gets for a page: paging and what an export gets. */
export function listQuery(params: ListParams, defaultSort?: string): Query {
  return { page: params.page, per_page: params.per_page, ...exportQuery(params, defaultSort) }
}

export type SortOrder = 'ascend' | 'descend' | null

/** antd's sorter state -> API sort; clearing the sort gives undefined. */
export function sortOf(field: string | undefined, order: SortOrder | undefined): string | undefined {
  if (!field || !order) return undefined
  return order === 'descend' ? `-${field}` : field
}

/** API sort -> antd's sort order for one column (only the first sort field drives the table's arrows). */
export function orderOf(sort: string | undefined, field: string): SortOrder {
  const first = sort?.split(',')[0]
  if (first === field) return 'ascend'
  if (first === `-${field}`) return 'descend'
  return null
}
