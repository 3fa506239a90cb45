import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { type Id, resourceClient } from '../../api/resource-client.ts'
import { useCan } from '../../stores/permission.ts'
import { recordLabel } from './format.ts'
import { labelFieldOf, registeredResource } from './registry.ts'

/** Names asked for in one moment, by API path: one `ids=` request a path, however many rows ask. */
const waiting = new Map<string, { ids: Set<Id>; done: Promise<Map<Id, string>> }>()

function nameOf(path: string, id: Id): Promise<string | undefined> {
  let batch = waiting.get(path)
  if (!batch) {
    const ids = new Set<Id>()
    const done = new Promise<Map<Id, string>>((resolve, reject) =>
      setTimeout(() => {
        waiting.delete(path)
        resourceClient<{ id: Id }>(path)
          .many([...ids])
          .then((records) => {
            const label = labelFieldOf(path)
            resolve(new Map(records.map((record) => [record.id, recordLabel(record, label)])))
          }, reject)
      }, 0),
    )
    batch = { ids, done }
    waiting.set(path, batch)
  }
  batch.ids.add(id)
  return batch.done.then((names) => names.get(id))
}

/**
 * The name of a record of `resource` (its permission name, `users`) where the admin may list it: a string
 * once known, null once asked and not found (deleted), undefined while unknown or not allowed. One request a
 * page of names (nameOf), kept in the query cache under `[resource, 'name', id]`, which a tab's title reads too.
 */
export function useRecordName(resource: string, id: Id | null) {
  const target = registeredResource(resource)
  const allowed = useCan('list', resource) && target !== undefined && !target.api.includes(':')
  return useQuery({
    queryKey: [resource, 'name', String(id)],
    queryFn: () => nameOf(target?.api ?? resource, id as Id).then((found) => found ?? null),
    enabled: allowed && id !== null,
    staleTime: 60_000,
  })
}

/**
 * A record of another resource by its name (`resource` is the permission name, `users`), where the admin may
 * read that resource; else, or while it loads, `#id`; once the record is gone, `#id (deleted)`. The names a page of rows
 * asks for go in one request per resource.
 */
export function RecordName({ resource, id }: { resource: string; id: Id | null }) {
  const { t } = useTranslation()
  const name = useRecordName(resource, id)
  if (id === null) return null
  // Asked and not found: the record is gone (deleted since), which the reader should be told.
  const text = name.data ?? (name.data === null ? t('resource.recordGone', { id }) : `#${id}`)
  return <span title={`#${id}`}>{text}</span>
}
