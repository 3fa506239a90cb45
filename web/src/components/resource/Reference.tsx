import { Link } from 'react-router'
import type { Id } from '../../api/resource-client.ts'
import { can, type Permissions } from '../../base/permission-match.ts'
import { usePermissions } from '../../stores/permission.ts'
import { RecordName } from './RecordName.tsx'
import { referencedResource } from './registry.ts'
import { resourcePath } from './resource-paths.ts'
import type { ResourceDefinition } from './resource-types.ts'

/** `channelId` of a route is the record's `channel_id`: the one naming on the wire (API.md). */
const wireName = (param: string) => param.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

/**
 * Where a reference leads: the record's page, else its form (a campaign has no page of its own), as the
 * admin's permissions allow; its route's parent parameters (`/channels/:channelId`) come from the record
 * that refers to it (its `channel_id`). None when a parameter is missing.
 */
function pathTo(
  target: ResourceDefinition,
  id: Id,
  granted: Permissions | null,
  record: Record<string, unknown>,
): string | undefined {
  const action = target.screens.show ? 'show' : target.screens.edit ? 'edit' : undefined
  if (!action || !can(granted, action === 'show' ? 'list' : 'edit', target.name)) return undefined
  const params: Record<string, string> = {}
  for (const [, param] of (target.base ?? '').matchAll(/:(\w+)/g)) {
    const value = param ? record[wireName(param)] : undefined
    if (value === null || value === undefined) return undefined
    params[param as string] = String(value)
  }
  return resourcePath(target, action, id, params)
}

interface ReferenceProps {
  /** The API path of the records named (the contract's `reference`). */
  resource: string
  id: Id | null
  /** The name the referring record carries (its `shown_as` field), when it carries one. */
  name?: unknown
  /** The referring record, for the parent parameters of the target's route. */
  record?: unknown
}

/**
 * A record another one names, shown by its name and linked to its page: the name the referring record
 * carries, else the one asked of its resource (RecordName); never its bare id where a name can be had.
 */
export function Reference({ resource, id, name, record }: ReferenceProps) {
  const granted = usePermissions((state) => state.names)
  if (id === null || id === undefined) return null
  const target = referencedResource(resource)
  const text =
    typeof name === 'string' && name ? (
      name
    ) : target ? (
      <RecordName resource={target.name} id={id} />
    ) : (
      `#${id}`
    )
  const to = target && pathTo(target, id, granted, (record ?? {}) as Record<string, unknown>)
  return to ? (
    <Link to={to} data-testid="reference-link">
      {text}
    </Link>
  ) : (
    <span>{text}</span>
  )
}
