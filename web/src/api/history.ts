import type { HistoryEntry } from '@vod/contract/resources/audit-logs'
import { http } from './http.ts'
import type { Id } from './resource-client.ts'

/** `GET /{path}/{id}/history`: the record's latest audit entries, newest first (history-{path}). */
export function recordHistory(path: string, id: Id, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return http
    .get<{ data: HistoryEntry[] }>(`/${path}/${id}/history`, { signal })
    .then((answer) => answer.data)
}
