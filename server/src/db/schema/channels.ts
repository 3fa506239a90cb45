import { campaignLimits, channelStatuses, channelTypes, utmLimit } from '@vod/contract'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'
import { admins } from './auth.ts'
import { timestamps } from './columns.ts'

const utm = (name: string) => varchar(name, { length: utmLimit })

/**
 * Where members come from (spec section 3 "Channel"): a traffic source named by its UTM values, what kind it
 * is and the share of revenue it earns. Archived channels are kept for the analytics, not deleted.
 */
export const channels = pgTable(
  'channels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    utmSource: utm('utm_source').notNull(),
    utmMedium: utm('utm_medium'),
    utmCampaign: utm('utm_campaign'),
    utmTerm: utm('utm_term'),
    utmContent: utm('utm_content'),
    utmId: utm('utm_id'),
    type: text('type', { enum: channelTypes }).notNull(),
    /** The percentage of the revenue it brings that the channel is paid, 0 to 100. */
    profitSharing: numeric('profit_sharing', { precision: 5, scale: 2 }).notNull().default('0'),
    disabled: boolean('disabled').notNull().default(false),
    status: text('status', { enum: channelStatuses }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    check(
      'channels_type_check',
      sql`${t.type} in (${sql.raw(channelTypes.map((v) => `'${v}'`).join(', '))})`,
    ),
    check('channels_status_check', sql`${t.status} in ('active', 'archived')`),
    check('channels_profit_sharing_check', sql`${t.profitSharing} between 0 and 100`),
    index('channels_utm_source_index').on(t.utmSource),
    index('channels_status_id_index').on(t.status, t.id),
    index('channels_created_at_index').on(t.createdAt),
  ],
)

/** The admins who may see a channel's figures (channel admins, spec section 7). */
export const channelAdmins = pgTable(
  'channel_admins',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.adminId] }),
    index('channel_admins_admin_id_index').on(t.adminId),
  ],
)

/**
 * A campaign run through a channel (docs/resources.md "Channels and campaigns"): its own UTM values, where it
 * lands, when it runs and what it may spend.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: campaignLimits.name }).notNull(),
    utmSource: utm('utm_source'),
    utmMedium: utm('utm_medium'),
    utmCampaign: utm('utm_campaign'),
    utmTerm: utm('utm_term'),
    utmContent: utm('utm_content'),
    landingUrl: varchar('landing_url', { length: campaignLimits.landingUrl }),
    startedOn: date('started_on', { mode: 'string' }),
    endedOn: date('ended_on', { mode: 'string' }),
    budget: numeric('budget', { precision: 12, scale: 2 }),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check(
      'campaigns_dates_check',
      sql`${t.endedOn} is null or ${t.startedOn} is null or ${t.endedOn} >= ${t.startedOn}`,
    ),
    check('campaigns_budget_check', sql`${t.budget} is null or ${t.budget} >= 0`),
    index('campaigns_channel_id_position_index').on(t.channelId, t.position),
  ],
)
