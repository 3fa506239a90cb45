import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useParams } from 'react-router'
import { ApiError, type Query } from '../../api/http.ts'
import {
  type Id,
  type RecordValues,
  type ResourceClient,
  resourceClient,
  type Target,
} from '../../api/resource-client.ts'
import { fillParams } from './resource-paths.ts'
import type { ResourceDefinition } from './resource-types.ts'

export type { RecordValues } from '../../api/resource-client.ts'

/**
 * TanStack Query over the data-access seam. Keys follow the API path, segment by segment
 * (`notes/3/items` -> ['notes', '3', 'items', 'list', query]), so a resource's key prefixes every key of
 * its records and children; every change refetches all of them.
 */
const segments = (path: string): string[] => path.split('/')

export const queryKeys = {
  list: (path: string, query: Query) => [...segments(path), 'list', query],
  one: (path: string, id: Id) => [...segments(path), 'one', String(id)],
  many: (path: string, ids: readonly Id[]) => [...segments(path), 'many', ids.map(String)],
  /** Everything under the top-level resource: its lists, records and children. */
  resource: (path: string) => segments(path).slice(0, 1),
  /** The admin's deletes that can still be undone (UndoNotices). */
  deletions: ['deletions'],
}

/** The seam of one API path, the same object across renders. */
export const useClient = <T = RecordValues>(path: string): ResourceClient<T> =>
  useMemo(() => resourceClient<T>(path), [path])

/** The seam of a resource's own API path, its `:param`s filled from the screen's route (a channel's campaigns). */
export const useResourceClient = <T = RecordValues>(resource: ResourceDefinition): ResourceClient<T> =>
  useClient<T>(fillParams(resource.api, useParams()))

/** A page of rows; the previous page stays on screen while the next one loads. */
export function useListQuery<T>(client: ResourceClient<T>, query: Query, enabled = true) {
  return useQuery({
    queryKey: queryKeys.list(client.path, query),
    queryFn: ({ signal }) => client.list(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** The list's totals row (the contract's `list.totals`), for the same filters and keyword; none when `enabled` is off. */
export function useTotalsQuery(client: ResourceClient<unknown>, query: Query, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.list(client.path, query), 'totals'],
    queryFn: ({ signal }) => client.totals(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useRecordQuery<T>(client: ResourceClient<T>, id: Id | undefined) {
  return useQuery({
    queryKey: queryKeys.one(client.path, id ?? ''),
    queryFn: ({ signal }) => client.one(id as Id, signal),
    enabled: id !== undefined,
  })
}

/** The records with these ids (a picker's chosen ones); the last ones stay while new ones load. */
export function useManyQuery<T>(client: ResourceClient<T>, ids: readonly Id[]) {
  return useQuery({
    queryKey: queryKeys.many(client.path, ids),
    queryFn: ({ signal }) => client.many(ids, signal),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  })
}

/** A write refused because the record changed since it was read (412): what is on screen is out of date. */
const isStale = (error: unknown) => error instanceof ApiError && error.status === 412

/**
 * A change through the seam, after which everything cached under the resource is refetched; after a 412 too,
 * so that the screen shows the record as it is now and the next try is made from its version.
 */
export function useChange<A, R>(client: { path: string }, change: (args: A) => Promise<R>) {
  const queries = useQueryClient()
  const refetch = () => queries.invalidateQueries({ queryKey: queryKeys.resource(client.path) })
  return useMutation({
    mutationFn: change,
    onSuccess: refetch,
    onError: (error) => (isStale(error) ? refetch() : undefined),
  })
}

/** Create (no id) or update, made from the record's `version` when given. */
export const useSaveRecord = <T>(client: ResourceClient<T>) =>
  useChange(client, ({ id, values, version }: { id?: Id; values: RecordValues; version?: unknown }) =>
    id === undefined ? client.create(values) : client.update({ id, version }, values),
  )

/** A delete (of the record as read: its version goes along), then the "Deleted. Undo" notice asks what can be undone. */
export function useDeleteRecord(client: ResourceClient<unknown>) {
  const queries = useQueryClient()
  return useMutation({
    mutationFn: (target: Target) => client.remove(target),
    onError: (error) =>
      isStale(error) ? queries.invalidateQueries({ queryKey: queryKeys.resource(client.path) }) : undefined,
    onSuccess: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: queryKeys.resource(client.path) }),
        queries.invalidateQueries({ queryKey: queryKeys.deletions }),
      ]),
  })
}

/** A bulk action (delete and restore too): every row's outcome; the lists and the undo notices refetch. */
export function useBulkAction(client: ResourceClient<unknown>) {
  const queries = useQueryClient()
  return useMutation({
    mutationFn: ({
      action,
      rows,
      reason,
    }: {
      action: string
      rows: Parameters<ResourceClient['bulk']>[1]
      reason?: string
    }) => client.bulk(action, rows, reason),
    onSettled: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: queryKeys.resource(client.path) }),
        queries.invalidateQueries({ queryKey: queryKeys.deletions }),
      ]),
  })
}

/** A record's action (API.md "One record"): `POST /{path}/{id}/{action}`; answers the record after it. */
export const useRecordAction = <T>(client: ResourceClient<T>, action: string) =>
  useChange(client, ({ id, version, body }: { id: Id; version?: unknown; body?: RecordValues }) =>
    client.action({ id, version }, action, body),
  )
