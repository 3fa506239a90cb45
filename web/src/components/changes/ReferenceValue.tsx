import { RecordName } from '../resource/RecordName.tsx'

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value)

/**
 * A recorded value of a reference field (`4`, or `[1, 2]` of a list) by the names of the records it names:
 * RecordName asks for a page's names in one request a resource, kept in the query cache, and shows `#id`
 * where the admin may not read them. Anything that is no id (empty, or `{id, name}` the server already
 * named) reads as `text` has it.
 */
export function ReferenceValue({
  resource,
  value,
  text,
}: {
  resource: string
  value: unknown
  text: (value: unknown) => string
}) {
  const ids = Array.isArray(value) ? value : [value]
  if (ids.length === 0 || !ids.every(isId)) return text(value)
  return ids.map((id, i) => (
    <span key={id}>
      {i > 0 && ', '}
      <RecordName resource={resource} id={id} />
    </span>
  ))
}
