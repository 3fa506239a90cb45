import { type Channel, channelAdminInput, channelsContract } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { mayPickAdmin } from '../../auth/admin-guard.ts'
import { channelScope, seesAllChannels } from '../../auth/channel-scope.ts'
import { adminOf } from '../../auth/sessions.ts'
import { admins, campaigns, channelAdmins, channels } from '../../db/schema/index.ts'
import { invalidField } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { qualified } from '../../lib/resource/relations.ts'
import type { ActionRoute } from '../../lib/resource/types.ts'
import { declareSearch } from '../../lib/search/searchable.ts'

const campaignsCount = sql<number>`(select count(*) from ${campaigns} where ${qualified(campaigns.channelId)} = ${qualified(channels.id)})::integer`
const adminCount = sql<number>`(select count(*) from ${channelAdmins} where ${qualified(channelAdmins.channelId)} = ${qualified(channels.id)})::integer`

/**
 * POST /api/channels/{id}/admins behind edit-channels: one more admin who may see the channel's figures.
 * The caller names itself, or, holding list-admins, an admin it may manage (auth/admin-guard.ts); any other
 * id, existing or not, is the same 422 on admin_id, so the route tells no one which admins exist. One that
 * is there already is no change (200, no audit entry).
 */
const addAdmin: ActionRoute<Channel> = {
  permission: 'edit',
  body: channelAdminInput,
  summary: 'Add a channel admin',
  description:
    'Answers the channel (with its `admin_count`). Idempotent: an admin already there is no change. ' +
    'The caller may name itself, or with `list-admins` an admin it may manage (none stronger, a super-admin ' +
    'only as one); any other id, existing or not, is the same 422 on `admin_id`. The list is GET /channels/{id}/admins.',
  async run({ tx, id, body, request }) {
    const adminId = body.admin_id as number
    if (!request.admin || !(await mayPickAdmin(tx, request.admin, adminId)))
      throw invalidField('admin_id', 'validation.exists')
    const added = await tx
      .insert(channelAdmins)
      .values({ channelId: id, adminId })
      .onConflictDoNothing()
      .returning({ adminId: channelAdmins.adminId })
    if (added.length === 0) return null
    return { admin_id: [null, adminId] }
  },
}

/**
 * Channels (spec sections 3 and 7, docs/resources.md "Channels and campaigns"): where members come from,
 * named by their UTM source. CRUD, archive / recover, the campaigns run through each and the admins who see
 * its figures. A channel that members, subscriptions or orders name cannot be deleted (409): archive it.
 */
export const channelsModule = defineResource<Channel>({
  contract: channelsContract,
  table: channels,
  // A channel, its campaigns and its admins are seen by its admins, or with all-channels (auth/channel-scope.ts).
  scope: channelScope(channels.id),
  present: { campaigns_count: campaignsCount, admin_count: adminCount },
  list: {
    keyword: [
      channels.utmSource,
      channels.utmMedium,
      channels.utmCampaign,
      channels.utmTerm,
      channels.utmContent,
      channels.utmId,
    ],
  },
  hooks: {
    /** Who creates a channel without all-channels administers it, so that it stays in the creator's sight. */
    async after({ tx, request, operation, id, after }) {
      if (operation !== 'create' || seesAllChannels(request) || !after) return
      await tx.insert(channelAdmins).values({ channelId: id, adminId: adminOf(request).id })
      after.admin_count += 1
    },
  },
  actions: {
    archive: {
      refused: 'channels.already_archived',
      summary: 'Archive a channel',
    },
    recover: {
      refused: 'channels.already_active',
      summary: 'Recover an archived channel',
    },
    admins: addAdmin,
  },
  children: {
    campaigns: {
      table: campaigns,
      position: campaigns.position,
      checks: { campaigns_dates_check: { field: 'ended_on', key: 'validation.end_before_start' } },
    },
    admins: {
      through: channelAdmins,
      target: admins,
      present: { added_at: channelAdmins.createdAt },
    },
  },
})

// The search box: a channel by its UTM source, a campaign by its name, each as the channel's list scopes it
// (a campaign by its channel, the same rule: auth/channel-scope.ts). Few rows: no index needed.
declareSearch({
  kind: 'channels',
  table: channels,
  label: channelsContract.label,
  columns: [channels.utmSource],
  detail: channels.utmMedium,
  scope: channelScope(channels.id),
})
declareSearch({
  kind: 'campaigns',
  table: campaigns,
  label: 'name',
  columns: [campaigns.name],
  scope: channelScope(campaigns.channelId),
  parent: campaigns.channelId,
})
