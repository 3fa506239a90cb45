import {
  type ScheduledAction,
  type ScheduledChange,
  type ScheduledResource,
  scheduledChangesContract,
  scheduledResources,
} from '@vod/contract'
import { eq, inArray, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { adminOf } from '../../auth/sessions.ts'
import { admins, scheduledChanges } from '../../db/schema/index.ts'
import { conflict, forbidden, invalidField } from '../../lib/errors.ts'
import { declaredWrites, defineResource } from '../../lib/resource/define-resource.ts'
import { permissionOf } from '../../lib/resource/permissions.ts'
import type { ActionRoute, WriteContext } from '../../lib/resource/types.ts'
import { mayMake, requireReason } from './operations.ts'

/**
 * The resources whose changes a caller sees scheduled: those it may list and edit. A row of another
 * resource is 404 to it and absent from its lists, whoever scheduled it.
 */
function visibleTo(request: FastifyRequest) {
  const { permissions } = adminOf(request)
  const seen = scheduledResources.filter(
    (resource) =>
      permissions.has(permissionOf('list', resource)) && permissions.has(permissionOf('edit', resource)),
  )
  return seen.length > 0 ? inArray(scheduledChanges.resource, seen) : sql`false`
}

/**
 * Each row is checked against the caller's permissions on its record's resource: scheduling, changing and
 * cancelling need what the change needs by hand (operations.ts `mayMake`), for the action it will make. A
 * change is made to a record the caller can reach (422 on record_id otherwise), and changed only while
 * pending (409); the notice is its scheduler's to mark seen.
 */
async function mayScheduleIt({ tx, request, operation, before, input }: WriteContext<ScheduledChange>) {
  const me = adminOf(request)
  if (operation === 'seen') {
    if (before?.created_by !== me.id) throw forbidden()
    return
  }
  const wanted = {
    resource: (before?.resource ?? input.resource) as ScheduledResource,
    action: (input.action ?? before?.action) as ScheduledAction,
    reason: (input.reason === undefined ? before?.reason : input.reason) as string | null,
  }
  if (!mayMake(me.permissions, wanted)) throw forbidden()
  if (operation === 'update' && before && before.state !== 'pending')
    throw conflict('errors.scheduled_ran', { state: before.state })
  if (operation === 'create' || operation === 'update') requireReason(wanted)
  if (operation === 'create') {
    const writes = declaredWrites.get(wanted.resource)
    const found = await writes?.present(tx, request, [input.record_id as number])
    if (!found?.has(input.record_id as number)) throw invalidField('record_id', 'validation.exists')
  }
}

/** POST /scheduled-changes/{id}/seen: its scheduler has read the notice of its run. */
const seen: ActionRoute<ScheduledChange> = {
  summary: 'Mark the notice of a scheduled change seen (its scheduler only)',
  description: '403 for anyone but the admin who scheduled it.',
  answers: ['noticed'],
  async run({ tx, id }) {
    await tx.update(scheduledChanges).set({ noticed: true }).where(eq(scheduledChanges.id, id))
    return null
  },
}

/**
 * Changes scheduled ahead (issue 67 item 4): the rows staff schedule, change and cancel; runner.ts makes
 * them at their time. The list names who scheduled each.
 */
export const scheduledChangesResource = defineResource<ScheduledChange>({
  contract: scheduledChangesContract,
  table: scheduledChanges,
  access: 'authenticated',
  scope: visibleTo,
  stamp: (request) => ({ createdBy: adminOf(request).id }),
  joins: [{ table: admins, on: eq(admins.id, scheduledChanges.createdBy) }],
  present: { created_by_name: sql`coalesce(nullif(${admins.name}, ''), ${admins.username})` },
  list: {
    filters: {
      past: {
        where: (value: boolean) => sql`(${scheduledChanges.state} = 'pending') = ${!value}`,
      },
      unseen: {
        where: (value: boolean) =>
          value
            ? sql`${scheduledChanges.state} in ('done', 'failed') and not ${scheduledChanges.noticed}`
            : sql`true`,
      },
    },
  },
  hooks: { check: mayScheduleIt },
  actions: { seen },
})
