import {
  type Channel,
  campaignInput,
  campaignRecord,
  channelActions,
  channelAdminInput,
  channelAdminRecord,
  channelInput,
  channelRecord,
  type channelSortable,
  channelStatuses,
  channelTypes,
} from '@vod/contract'
import { sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { admins, campaigns, channelAdmins, channels } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { qualified, resolveKeys } from '../../lib/resource/relations.ts'
import type { ActionRoute } from '../../lib/resource/types.ts'

const campaignsCount = sql<number>`(select count(*) from ${campaigns} where ${qualified(campaigns.channelId)} = ${qualified(channels.id)})::integer`
const adminCount = sql<number>`(select count(*) from ${channelAdmins} where ${qualified(channelAdmins.channelId)} = ${qualified(channels.id)})::integer`

/**
 * POST /api/channels/{id}/admins behind edit-channels: one more admin who may see the channel's figures.
 * An unknown admin is 422 on admin_id; one that is there already is no change (200, no audit entry).
 */
const addAdmin: ActionRoute<Channel> = {
  permission: 'edit',
  body: channelAdminInput,
  summary: 'Add a channel admin',
  description:
    'Answers the channel (with its `admin_count`). Idempotent: an admin already there is no change. ' +
    '422 on `admin_id` when no such admin exists. The list is GET /channels/{id}/admins.',
  async run({ tx, id, body }) {
    const [adminId] = await resolveKeys(
      tx,
      { table: admins },
      'admin_id',
      [body.admin_id],
      'validation.exists',
    )
    const added = await tx
      .insert(channelAdmins)
      .values({ channelId: id, adminId: adminId as number })
      .onConflictDoNothing()
      .returning({ adminId: channelAdmins.adminId })
    if (added.length === 0) return null
    return { admin_id: [null, adminId] }
  },
}

/**
 * Channels (spec sections 3 and 7, README "Channels and campaigns"): where members come from, named by
 * their UTM source. CRUD, archive / recover, the campaigns run through each and the admins who see its
 * figures. A channel that members, subscriptions or orders name cannot be deleted (409): archive it.
 */
export const channelsModule = defineResource<Channel>({
  path: 'channels',
  table: channels,
  record: channelRecord,
  input: channelInput,
  present: { campaigns_count: campaignsCount, admin_count: adminCount },
  list: {
    sortable: {
      id: channels.id,
      utm_source: channels.utmSource,
      type: channels.type,
      profit_sharing: channels.profitSharing,
      status: channels.status,
      campaigns_count: campaignsCount,
      admin_count: adminCount,
      created_at: channels.createdAt,
      updated_at: channels.updatedAt,
    } satisfies Record<(typeof channelSortable)[number], PgColumn | typeof campaignsCount>,
    filters: {
      type: { column: channels.type, type: 'enum', values: channelTypes },
      status: { column: channels.status, type: 'enum', values: channelStatuses },
      disabled: { column: channels.disabled, type: 'bool' },
    },
    ranges: { created_at: { column: channels.createdAt, type: 'date' } },
    keyword: [
      channels.utmSource,
      channels.utmMedium,
      channels.utmCampaign,
      channels.utmTerm,
      channels.utmContent,
      channels.utmId,
    ],
    defaultSort: '-id',
  },
  actions: {
    archive: {
      ...channelActions.archive,
      refused: 'channels.already_archived',
      summary: 'Archive a channel',
    },
    recover: {
      ...channelActions.recover,
      refused: 'channels.already_active',
      summary: 'Recover an archived channel',
    },
    admins: addAdmin,
  },
  children: {
    campaigns: {
      table: campaigns,
      resource: 'campaigns',
      position: campaigns.position,
      record: campaignRecord,
      input: campaignInput,
      operations: ['list', 'create', 'edit', 'delete'],
      checks: { campaigns_dates_check: { field: 'ended_on', key: 'validation.end_before_start' } },
    },
    admins: {
      through: channelAdmins,
      target: admins,
      record: channelAdminRecord,
      present: { added_at: channelAdmins.createdAt },
      operations: ['list', 'delete'],
    },
  },
})
