import {
  actionReason,
  type PermissionName,
  type ScheduledAction,
  type ScheduledResource,
} from '@vod/contract'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { invalidField } from '../../lib/errors.ts'
import { declaredWrites } from '../../lib/resource/define-resource.ts'
import { permissionOf } from '../../lib/resource/permissions.ts'

/** The change a scheduled row asks for, as it reaches its run. */
export interface Wanted {
  resource: ScheduledResource
  record_id: number
  action: ScheduledAction
  reason: string | null
}

/**
 * How staff make one change by hand, which a scheduled one makes the same way: a record's action (a video's
 * publish, its unpublish with the reason) or an update of some fields (a promotion's status; a banner's or
 * a block's `expired_at`, which ends its showing). `permission` is what the manual route asks of its caller.
 */
interface Operation {
  permission: PermissionName
  /** The manual action asks why (ActionSpec.reason): a scheduled one must say it beforehand. */
  reason?: true
  run(tx: Db, request: FastifyRequest, wanted: Wanted): Promise<unknown>
}

const writesOf = (resource: ScheduledResource) => {
  const writes = declaredWrites.get(resource)
  if (!writes) throw new Error(`${resource}: no resource declared for scheduled changes`)
  return writes
}

/** The record's action `name`, as `POST /{resource}/{id}/{name}` runs it (its body checked as the route's). */
function action(resource: ScheduledResource, name: string, reason?: true): Operation {
  return {
    permission: permissionOf(name, resource),
    ...(reason ? { reason } : {}),
    run: (tx, request, wanted) =>
      writesOf(resource).act(
        tx,
        request,
        wanted.record_id,
        name,
        reason ? actionReason.parse({ reason: wanted.reason }) : undefined,
      ),
  }
}

/** An update of the fields `values` gives (run time in hand), as `PUT /{resource}/{id}` runs it. */
function update(resource: ScheduledResource, values: (now: Date) => Record<string, unknown>): Operation {
  return {
    permission: permissionOf('edit', resource),
    run: (tx, request, wanted) =>
      writesOf(resource).update(tx, request, wanted.record_id, values(new Date())),
  }
}

/**
 * A record shown until `expired_at` (contract/src/expiry.ts: a banner, a block): taken down, it expires at
 * the moment the change runs; published, it never does.
 */
const expiring = (resource: ScheduledResource): Record<ScheduledAction, Operation> => ({
  publish: update(resource, () => ({ expired_at: null })),
  take_down: update(resource, (now) => ({ expired_at: now.toISOString() })),
})

export const operations: Record<ScheduledResource, Record<ScheduledAction, Operation>> = {
  videos: { publish: action('videos', 'publish'), take_down: action('videos', 'unpublish', true) },
  posts: { publish: action('posts', 'publish'), take_down: action('posts', 'unpublish', true) },
  promotions: {
    publish: update('promotions', () => ({ status: 'enabled' })),
    take_down: update('promotions', () => ({ status: 'disabled' })),
  },
  banners: expiring('banners'),
  blocks: expiring('blocks'),
}

/**
 * Whether `admin` may schedule (and, at its time, make) the change: the resource's edit permission, and the
 * manual route's own (publish-videos). 422 on `reason` when the manual action asks why and none is given.
 */
export function mayMake(permissions: ReadonlySet<string>, wanted: Pick<Wanted, 'resource' | 'action'>) {
  const operation = operations[wanted.resource][wanted.action]
  return permissions.has(permissionOf('edit', wanted.resource)) && permissions.has(operation.permission)
}

export function requireReason(wanted: Pick<Wanted, 'resource' | 'action' | 'reason'>) {
  if (operations[wanted.resource][wanted.action].reason && !wanted.reason?.trim())
    throw invalidField('reason', 'validation.required')
}
