import type { BulkAnswer, Deletion } from '@vod/contract/bulk'
import type { ImportAnswer } from '@vod/contract/imports'
import { type ListResponse, MAX_PER_PAGE } from '@vod/contract/lists'
import { http, type Query } from './http.ts'
import { download, type UploadOptions, upload } from './transfer.ts'

/**
 * The data-access seam of every resource (react-admin's data provider): the calls a resource's screens
 * make, each knowing its API path, so that no screen builds a URL and a nested resource
 * (`channels/3/campaigns`) is reached the same way as a top-level one.
 */

export type Id = number | string

/**
 * The record a write is made to: its id, or the record as it was read, whose `version` goes with the write
 * (If-Match, contract/src/versions.ts): a record changed since answers 412 and nothing is written.
 */
export type Target = Id | { id: Id; version?: unknown }

const idOf = (target: Target): Id => (typeof target === 'object' ? target.id : target)
const versionOf = (target: Target): string | undefined =>
  typeof target === 'object' && typeof target.version === 'string' ? target.version : undefined

/** The versions of the rows a bulk action names, as their list showed them: `{"12": "734"}`. */
export const versionsOf = (rows: readonly { id: Id; version?: unknown }[]): Record<string, string> =>
  Object.fromEntries(
    rows.flatMap((row) => (typeof row.version === 'string' ? [[String(row.id), row.version]] : [])),
  )

/** A list answer (API.md "Lists"): `{ data, meta: { current_page, per_page, total, last_page, total_estimated? } }`. */
export type ListAnswer<T> = ListResponse<T>

export type RecordValues = Record<string, unknown>

export type { ImportAnswer }

export interface ResourceClient<T = RecordValues> {
  /** The API path under /api: `notes`, `notes/3/items`. */
  readonly path: string
  list(query?: Query, signal?: AbortSignal): Promise<ListAnswer<T>>
  one(id: Id, signal?: AbortSignal): Promise<T>
  /** The records with these ids (`ids=`), in the order asked, as many calls as the page size needs. */
  many(ids: readonly Id[], signal?: AbortSignal): Promise<T[]>
  create(values: RecordValues): Promise<T>
  /** PUT; with `restoredFrom`, the values restore those of that entry of the record's history. */
  update(target: Target, values: RecordValues, options?: { restoredFrom?: number }): Promise<T>
  remove(target: Target): Promise<void>
  /** `POST /{path}/{id}/{action}`: the record as it is after the action. */
  action(target: Target, action: string, body?: RecordValues): Promise<T>
  /**
   * `POST /{path}/bulk/{action}` (an action, `delete` or `restore`): these ids (with the versions they were
   * seen at), or with `all` every row the list query's filters match; answers each row's outcome.
   */
  bulk(
    action: string,
    rows: { ids: readonly Id[]; versions?: Record<string, string> } | { all: Query },
    /** Why, for an action that asks (the contract's `reason`): one reason for every row. */
    reason?: string,
  ): Promise<BulkAnswer>
  /** The records living under one of these (`/notes/3/items`), through the same seam. */
  children<C = RecordValues>(id: Id, child: string): ChildClient<C>
  /** `GET /{path}/totals`: how many rows the list's query matches and its money fields summed, exact. */
  totals(query: Query, signal?: AbortSignal): Promise<Record<string, string | number>>
  /** Sends the browser to the CSV export with the list's filters and sort; false when it could not start. */
  exportCsv(query: Query): Promise<boolean>
  /** Batch create from a CSV file at the resource's import path (`{path}/batch-create` unless declared). */
  importCsv(file: Blob, options?: UploadOptions & { path?: string }): Promise<ImportAnswer>
}

export interface ChildClient<T = RecordValues> extends ResourceClient<T> {
  /** Links existing records to the parent (`{"ids": [...]}`), for children that are other resources' records. */
  link(ids: readonly Id[]): Promise<unknown>
  /** The complete new order of the children: answers them in that order. */
  reorder(ids: readonly Id[]): Promise<T[]>
}

const BULK_TIMEOUT_MS = 120_000

const chunks = <V>(items: readonly V[], size: number): V[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))

function client<T>(path: string): ChildClient<T> {
  const base = `/${path}`
  const data = <R>(answer: Promise<{ data: R }>) => answer.then((body) => body.data)
  return {
    path,
    list: (query = {}, signal) => http.get<ListAnswer<T>>(base, { query, signal }),
    totals: (query, signal) =>
      data(http.get<{ data: Record<string, string | number> }>(`${base}/totals`, { query, signal })),
    one: (id, signal) => data(http.get<{ data: T }>(`${base}/${id}`, { signal })),
    async many(ids, signal) {
      const wanted = [...new Set(ids.map(String))]
      const pages = await Promise.all(
        chunks(wanted, MAX_PER_PAGE).map((part) =>
          http.get<ListAnswer<T & { id: Id }>>(base, {
            query: { ids: part.join(','), per_page: part.length },
            signal,
          }),
        ),
      )
      const byId = new Map(pages.flatMap((page) => page.data).map((record) => [String(record.id), record]))
      return wanted.flatMap((id) => byId.get(id) ?? [])
    },
    create: (values) => data(http.post<{ data: T }>(base, { body: values })),
    update: (target, values, options) =>
      data(
        http.put<{ data: T }>(`${base}/${idOf(target)}`, {
          body: values,
          version: versionOf(target),
          restoredFrom: options?.restoredFrom,
        }),
      ),
    remove: (target) => http.delete(`${base}/${idOf(target)}`, { version: versionOf(target) }),
    action: (target, action, body) =>
      data(http.post<{ data: T }>(`${base}/${idOf(target)}/${action}`, { body, version: versionOf(target) })),
    // Up to BULK_LIMIT rows, each its own write: seconds, not the 10 s of a single call.
    bulk: (action, rows, reason) =>
      http.post<BulkAnswer>(`${base}/bulk/${action}`, {
        ...('ids' in rows
          ? {
              body: {
                ids: rows.ids,
                ...(rows.versions && { versions: rows.versions }),
                ...(reason !== undefined && { reason }),
              },
            }
          : { body: { all: 1, ...(reason !== undefined && { reason }) }, query: rows.all }),
        timeoutMs: BULK_TIMEOUT_MS,
      }),
    children: <C>(id: Id, child: string) => client<C>(`${path}/${id}/${child}`),
    link: (ids) => http.post(base, { body: { ids } }),
    reorder: (ids) => data(http.post<{ data: T[] }>(`${base}/reorder`, { body: { ids } })),
    exportCsv: (query) => download(`${base}/exportCsv`, query),
    importCsv(file, { path: importPath = `${path}/batch-create`, ...options } = {}) {
      const form = new FormData()
      form.append('file', file)
      return data(upload<{ data: ImportAnswer }>(`/${importPath}`, form, options))
    },
  }
}

/** The seam for one API path: `resourceClient('notes')`, `resourceClient('notes').children(3, 'items')`. */
export const resourceClient = <T = RecordValues>(path: string): ResourceClient<T> => client<T>(path)

/** `GET /deletions`: the admin's deletes that can still be undone (after a reload too). */
export const pendingDeletions = (signal?: AbortSignal) =>
  http.get<{ data: Deletion[] }>('/deletions', { signal }).then((answer) => answer.data)
