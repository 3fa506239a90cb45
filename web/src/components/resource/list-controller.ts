import { type UseQueryResult, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { Query } from '../../api/http.ts'
import type { Id, ListAnswer, ResourceClient } from '../../api/resource-client.ts'
import {
  DEFAULT_PER_PAGE,
  exportQuery,
  type ListParams,
  listQuery,
  readListParams,
  writeListParams,
} from './list-params.ts'
import { queryKeys, useListQuery } from './resource-queries.ts'

/**
 * A list's state and data apart from how it looks (react-admin's useListController): page, sort,
 * filters, keyword and selection, and the page of rows they give. Where the state lives is the caller's
 * choice: in the URL for a screen's main list, in the component for a list inside another screen (a
 * record's children), so two lists on one screen never share a page or a sort.
 */
export type ListState = readonly [ListParams, (next: ListParams) => void]

/** A screen's main list: the state is the URL query, so it survives reloads and can be shared. */
export function useUrlListState(filterNames: readonly string[]): ListState {
  const [search, setSearch] = useSearchParams()
  return [readListParams(search, filterNames), (next) => setSearch(writeListParams(next))]
}

/** A list inside another screen: the state is its own, and leaves the URL to the screen's list. */
export function useLocalListState(initial: Partial<ListParams> = {}): ListState {
  const [params, setParams] = useState<ListParams>(() => ({
    page: 1,
    per_page: DEFAULT_PER_PAGE,
    filters: {},
    ...initial,
  }))
  return [params, setParams]
}

export interface ListController<T> {
  client: ResourceClient<T>
  params: ListParams
  /** Changes part of the state; any change but paging starts again at page 1 and drops the selection. */
  change: (change: Partial<ListParams>) => void
  query: UseQueryResult<ListAnswer<T>>
  rows: T[]
  total: number
  /** The server estimated the total (a very large result): shown as "about N". */
  totalEstimated: boolean
  /** The list's filters, keyword and sort without paging: what its export takes. */
  exportQuery: Query
  /** Ids of the rows ticked, kept across pages. */
  selected: Id[]
  select: (ids: Id[]) => void
  /** Shows these rows on the page at once, until the next fetch (a change the server is still making). */
  showRows: (rows: T[]) => void
}

interface ListControllerOptions<T> {
  client: ResourceClient<T>
  state: ListState
  /** Sort sent while none is chosen. */
  defaultSort?: string
}

const isPaging = (change: Partial<ListParams>) =>
  Object.keys(change).every((key) => key === 'page' || key === 'per_page')

export function useListController<T>({
  client,
  state: [params, setParams],
  defaultSort,
}: ListControllerOptions<T>): ListController<T> {
  const [selected, select] = useState<Id[]>([])
  const queries = useQueryClient()
  const pageQuery = listQuery(params, defaultSort)
  const query = useListQuery(client, pageQuery)
  const change = (next: Partial<ListParams>) => {
    if (isPaging(next)) return setParams({ ...params, ...next })
    select([])
    setParams({ ...params, page: 1, ...next })
  }
  const meta = query.data?.meta
  // A page past the end (its last row deleted, or `?page=99` typed) steps back to the last page with rows,
  // rather than showing "No data" under a pager that highlights another page.
  const empty = query.data !== undefined && !query.isPlaceholderData && query.data.data.length === 0
  const lastPage = Math.max(1, Math.ceil((meta?.total ?? 0) / params.per_page))
  useEffect(() => {
    if (empty && params.page > lastPage) setParams({ ...params, page: lastPage })
  }, [empty, lastPage, params, setParams])
  return {
    client,
    params,
    change,
    query,
    rows: query.data?.data ?? [],
    total: meta?.total ?? 0,
    totalEstimated: Boolean(meta?.total_estimated),
    exportQuery: exportQuery(params, defaultSort),
    selected,
    select,
    showRows: (rows) =>
      queries.setQueryData<ListAnswer<T>>(queryKeys.list(client.path, pageQuery), (answer) =>
        answer ? { ...answer, data: rows } : answer,
      ),
  }
}
