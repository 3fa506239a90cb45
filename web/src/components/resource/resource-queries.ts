import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ListMeta } from '@vod/contract/lists'
import type { Camelize } from '../../api/case.ts'
import { http } from '../../api/http.ts'
import { type ListParams, listQuery } from './list-params.ts'

/** A list answer as the app sees it: `{ data, meta: { currentPage, perPage, total, lastPage, totalEstimated? } }`. */
export interface ListAnswer<T> {
  data: T[]
  meta: Camelize<ListMeta>
}

export type RecordValues = Record<string, unknown>

/** One resource's page of rows; the previous page stays on screen while the next one loads. */
export function useResourceList<T>(name: string, params: ListParams, defaultSort?: string) {
  return useQuery({
    queryKey: [name, 'list', params, defaultSort],
    queryFn: ({ signal }) =>
      http.get<ListAnswer<T>>(`/${name}`, { query: listQuery(params, defaultSort), signal }),
    placeholderData: keepPreviousData,
  })
}

export function useResourceRecord<T>(name: string, id: string | undefined) {
  return useQuery({
    queryKey: [name, 'record', id],
    queryFn: ({ signal }) =>
      http.get<{ data: T }>(`/${name}/${id}`, { signal }).then((answer) => answer.data),
    enabled: id !== undefined,
  })
}

/** Create (no id) or update; every cached list and record of the resource is refetched afterwards. */
export function useSaveResource<T>(name: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: RecordValues }) =>
      (id === undefined
        ? http.post<{ data: T }>(`/${name}`, { body: values })
        : http.put<{ data: T }>(`/${name}/${id}`, { body: values })
      ).then((answer) => answer.data),
    onSuccess: () => client.invalidateQueries({ queryKey: [name] }),
  })
}

export function useDeleteResource(name: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => http.delete(`/${name}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [name] }),
  })
}

/**
 * A record's action (API.md "One record"): `POST /{name}/{id}/{path}`, e.g. `/admins/3/enable`. The answer
 * is the record after the action; every cached list and record of the resource is refetched.
 */
export function useResourceAction(name: string, path: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number | string) => http.post<unknown>(`/${name}/${id}/${path}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [name] }),
  })
}
