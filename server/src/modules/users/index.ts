import { type User, usersContract } from '@vod/contract'
import { eq, sql } from 'drizzle-orm'
import { channelScope } from '../../auth/channel-scope.ts'
import { campaigns, channels, orders, plans, supports, users } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import type { HistoryAlso } from '../../lib/resource/types.ts'
import { declareSearch } from '../../lib/search/searchable.ts'
import { planTitle } from '../plans/plan-title.ts'
import type { ApiModule } from '../types.ts'
import { memberMailRoutes } from './mail.ts'
import { memberScope } from './scope.ts'

/**
 * Members (spec sections 2, 3 and 7): list, show and edit, enable / disable, the batch create, and the
 * e-mails an admin sends a member (mail.ts). There is no single create and no delete: the spec offers
 * neither, so neither route exists.
 */
const orderScope = channelScope(orders.channelId)

/**
 * A member's history also tells what was done for them on their orders and tickets (issue 58): refunds and
 * chargebacks, to who sees them on the order's page (list-orders, its channels only), and the tickets
 * solved, to who lists tickets.
 */
const historyAlso: HistoryAlso[] = [
  {
    resource: 'orders',
    actions: ['refund', 'chargeback'],
    permission: 'list-orders',
    records: (request, id) => {
      const inReach = orderScope(request)
      return sql`select ${orders.id} from ${orders} where ${orders.userId} = ${id}${inReach ? sql` and ${inReach}` : sql``}`
    },
  },
  {
    resource: 'supports',
    actions: ['solve'],
    permission: 'list-supports',
    records: (_request, id) => sql`select ${supports.id} from ${supports} where ${supports.userId} = ${id}`,
  },
]

const usersResource = defineResource<User>({
  contract: usersContract,
  table: users,
  scope: memberScope,
  joins: [
    { table: plans, on: eq(plans.id, users.planId) },
    { table: channels, on: eq(channels.id, users.channelId) },
    { table: campaigns, on: eq(campaigns.id, users.campaignId) },
  ],
  present: {
    plan_name: planTitle,
    channel_name: channels.utmSource,
    campaign_name: campaigns.name,
  },
  list: {
    // Staff have an address's domain, or a number without its country code, as often as its start.
    keyword: [
      { prefix: users.username },
      { prefix: users.email },
      { domain: users.email },
      { prefix: users.phone },
      { phone: users.phone },
    ],
  },
  // A partial update can put the end before the stored start (or the reverse): 422 on end_date.
  checks: { users_dates_check: { field: 'end_date', key: 'validation.end_before_start' } },
  actions: {
    enable: { refused: 'users.already_enabled', summary: 'Enable a member' },
    disable: { refused: 'users.already_disabled', summary: 'Disable a member' },
  },
  import: { maxBytes: 10 * 1024 * 1024 },
  historyAlso,
})

// The search box: a member by the start of a username or an e-mail address, or by a phone number's last
// digits in any formatting as the list's keyword finds it, within the list's scope.
declareSearch({
  kind: 'users',
  table: users,
  label: usersContract.label,
  columns: [{ prefix: users.username }, { prefix: users.email }, { phone: users.phone }],
  detail: users.email,
  scope: memberScope,
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
