import { describeFields } from '@vod/contract/fields'
import type { z } from 'zod'
import { registeredResource } from '../resource/registry.ts'

/** Field → the resource whose records it names, per resource (or child) of the trail, worked out once. */
const known = new Map<string, Map<string, string>>()

/** A contract's reference fields: the record's (create, update, delete) and the bodies' (actions record those). */
function referencesIn(shapes: (z.ZodObject | undefined)[]): Map<string, string> {
  const found = new Map<string, string>()
  for (const shape of shapes) {
    if (!shape) continue
    for (const [field, info] of describeFields(shape)) {
      const target = info.reference ?? info.item?.reference
      if (target && !found.has(field)) found.set(field, target)
    }
  }
  return found
}

/**
 * The resource whose records a field of a trail entry names (`plan_id` of `users` names `plans`), as the
 * contract of the entry's resource declares it; undefined for any other field, or a resource the web does
 * not know (`auth`). A child's entry (`create-campaigns` on a channel) holds the child's fields; a linked
 * child's names its records (`add-videos` on a block: `ids`, videos).
 */
export function referenceOf(resource: string, action: string, field: string): string | undefined {
  const contract = registeredResource(resource)?.contract
  if (!contract) return undefined
  const [childName, child] =
    Object.entries(contract.children ?? {}).find(([name]) => action.endsWith(`-${name}`)) ?? []
  // A linked child's entries (a block's `add-videos`, `remove-videos`) name the linked records by `ids` or `id`.
  if (child?.links && (field === 'ids' || field === 'id')) return child.links
  const key = child ? `${resource}/${childName}` : resource
  let fields = known.get(key)
  if (!fields) {
    fields = child
      ? referencesIn([child.record, child.input])
      : referencesIn([contract.record, contract.input, contract.update])
    known.set(key, fields)
  }
  return fields.get(field)
}
