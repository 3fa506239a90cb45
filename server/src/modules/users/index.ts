import {
  type User,
  userActions,
  userInput,
  userRecord,
  type userSortable,
  userStatuses,
  userUpdateInput,
} from '@vod/contract'
import { eq } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { campaigns, channels, plans, users } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import type { ApiModule } from '../types.ts'
import { memberMailRoutes } from './mail.ts'

/**
 * Members (spec sections 2, 3 and 7): list, show and edit, enable / disable, the batch create, and the
 * e-mails an admin sends a member (mail.ts). There is no single create and no delete: the spec offers
 * neither, so neither route exists.
 */
const usersResource = defineResource<User>({
  path: 'users',
  table: users,
  record: userRecord,
  input: userInput,
  update: userUpdateInput,
  operations: ['list', 'show', 'edit'],
  joins: [
    { table: plans, on: eq(plans.id, users.planId) },
    { table: channels, on: eq(channels.id, users.channelId) },
    { table: campaigns, on: eq(campaigns.id, users.campaignId) },
  ],
  present: {
    plan_name: plans.name,
    channel_name: channels.utmSource,
    campaign_name: campaigns.name,
  },
  list: {
    sortable: {
      id: users.id,
      username: users.username,
      email: users.email,
      status: users.status,
      plan_name: plans.name,
      start_date: users.startDate,
      end_date: users.endDate,
      created_at: users.createdAt,
      updated_at: users.updatedAt,
    } satisfies Record<(typeof userSortable)[number], PgColumn>,
    filters: {
      status: { column: users.status, type: 'enum', values: userStatuses },
      plan_id: { column: users.planId, type: 'int' },
      channel_id: { column: users.channelId, type: 'int' },
      campaign_id: { column: users.campaignId, type: 'int' },
    },
    ranges: {
      created_at: { column: users.createdAt, type: 'date' },
      start_date: { column: users.startDate, type: 'day' },
      end_date: { column: users.endDate, type: 'day' },
    },
    keyword: [{ prefix: users.username }, { prefix: users.email }, { prefix: users.phone }],
    defaultSort: '-id',
  },
  // A partial update can put the end before the stored start (or the reverse): 422 on end_date.
  checks: { users_dates_check: { field: 'end_date', key: 'validation.end_before_start' } },
  actions: {
    enable: { ...userActions.enable, refused: 'users.already_enabled', summary: 'Enable a member' },
    disable: { ...userActions.disable, refused: 'users.already_disabled', summary: 'Disable a member' },
  },
  import: { path: 'batch-create', maxBytes: 10 * 1024 * 1024 },
})

export const usersModule: ApiModule = Object.assign(
  async (app: Parameters<ApiModule>[0], options: Parameters<ApiModule>[1]) => {
    await usersResource(app, options)
    await memberMailRoutes(app, options)
  },
  {
    permissions: [...usersResource.permissions, 'send-email-verification-users', 'send-reset-password-users'],
  },
)
