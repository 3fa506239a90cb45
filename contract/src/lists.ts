/** List conventions of API.md: pages from 1, 1..100 rows a page. */
export const DEFAULT_PER_PAGE = 20
export const MAX_PER_PAGE = 100

export interface ListMeta {
  current_page: number
  per_page: number
  total: number
  last_page: number
  total_estimated?: 1
}

export interface ListResponse<T> {
  data: T[]
  meta: ListMeta
}

/** The API version every request carries (API.md); another one is refused with 400. */
export const API_VERSION = '1.0'
