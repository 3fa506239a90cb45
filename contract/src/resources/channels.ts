import { z } from 'zod'
import { defineActions } from '../actions.ts'
import { ofKind } from '../fields.ts'
import { defineContract } from '../resource.ts'
import { calendarDay, clearable, flag, instant, money, recordId, reference } from '../values.ts'

/**
 * Channels (where members come from, by UTM values) and their campaigns (spec section 3): the kinds, states
 * and lengths that the database, the input rules and the forms share.
 */
export const channelTypes = ['affiliate', 'advertising', 'social', 'email', 'partner', 'other'] as const

/** archive / recover (spec section 4) move a channel between these. */
export const channelStatuses = ['active', 'archived'] as const

/** Every UTM value is at most this long. */
export const utmLimit = 100

export const campaignLimits = { name: 100, landingUrl: 500 } as const

// --- Wire shapes (docs/resources.md "Channels and campaigns") ---

/** archive / recover (spec section 7): an active channel is archived, an archived one recovered; else 409. */
const channelActions = defineActions({
  archive: { from: ['active'], to: 'archived' },
  recover: { from: ['archived'], to: 'active' },
})

/** A percentage with at most two places, 0 to 100 ("12.5", "100.00"): checked on the digits, no float. */
const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,2})?$/
const percent = ofKind(
  z
    .string()
    .trim()
    .regex(PERCENT_PATTERN, 'validation.percent')
    .refine(
      (value) => {
        const [whole = '', part = ''] = value.split('.')
        return whole.length < 3 || (/^100$/.test(whole) && /^0*$/.test(part))
      },
      { message: 'validation.percent' },
    ),
  { kind: 'percent' },
)

/** An amount a campaign may spend: never negative, at most two places. */
const BUDGET_PATTERN = /^\d{1,10}(\.\d{1,2})?$/
const budget = ofKind(z.string().trim().regex(BUDGET_PATTERN, 'validation.money'), { kind: 'money' })

/** Where a campaign lands: an http or https address only. */
const HTTP_URL_PATTERN = /^https?:\/\/[^\s/?#]+[^\s]*$/i

const utmValue = clearable(z.string().trim().max(utmLimit)).optional()

/** A channel as its form sends it; the status changes only by archive / recover. */
const channelInput = z.object({
  utm_source: z.string().trim().min(1).max(utmLimit),
  utm_medium: utmValue,
  utm_campaign: utmValue,
  utm_term: utmValue,
  utm_content: utmValue,
  utm_id: utmValue,
  type: z.enum(channelTypes),
  profit_sharing: percent.optional(),
  disabled: flag.optional(),
})

const channelRecord = z
  .object({
    id: recordId,
    utm_source: z.string(),
    utm_medium: z.string().nullable(),
    utm_campaign: z.string().nullable(),
    utm_term: z.string().nullable(),
    utm_content: z.string().nullable(),
    utm_id: z.string().nullable(),
    type: z.enum(channelTypes),
    profit_sharing: percent,
    disabled: flag,
    status: z.enum(channelStatuses),
    campaigns_count: z.number().int(),
    admin_count: z.number().int(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Channel' })
export type Channel = z.infer<typeof channelRecord>

/**
 * A campaign as its form sends it. `ended_on` is not before `started_on` (422 on ended_on, checked on the
 * stored values too); the landing URL is http(s) only.
 */
const campaignInput = z.object({
  name: z.string().trim().min(1).max(campaignLimits.name),
  utm_source: utmValue,
  utm_medium: utmValue,
  utm_campaign: utmValue,
  utm_term: utmValue,
  utm_content: utmValue,
  landing_url: clearable(
    z
      .string()
      .trim()
      .max(campaignLimits.landingUrl)
      .refine((value) => value === '' || HTTP_URL_PATTERN.test(value), { message: 'validation.http_url' }),
  ).optional(),
  started_on: calendarDay.nullable().optional(),
  ended_on: calendarDay.nullable().optional(),
  budget: budget.nullable().optional(),
})

/**
 * The campaign a member, subscription or order came through, named by its `campaign_name` beside it.
 * Campaigns live under their channel (`/channels/{id}/campaigns`): the reference names the child resource.
 */
export const campaignReference = reference('campaigns').nullable()

const campaignRecord = z
  .object({
    id: recordId,
    channel_id: reference('channels'),
    name: z.string(),
    utm_source: z.string().nullable(),
    utm_medium: z.string().nullable(),
    utm_campaign: z.string().nullable(),
    utm_term: z.string().nullable(),
    utm_content: z.string().nullable(),
    landing_url: z.string().nullable(),
    started_on: calendarDay.nullable(),
    ended_on: calendarDay.nullable(),
    budget: money.nullable(),
    position: z.number().int(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Campaign' })

/** POST /api/channels/{id}/admins: one admin who may see the channel's figures. */
export const channelAdminInput = z.object({ admin_id: reference('admins', { shown_as: 'username' }) })

/** One of GET /api/channels/{id}/admins: the admin, and when it was added. */
const channelAdminRecord = z
  .object({ id: recordId, username: z.string(), name: z.string(), added_at: instant })
  .meta({ id: 'ChannelAdmin' })
export type ChannelAdmin = z.infer<typeof channelAdminRecord>

/**
 * Channels, named by their UTM source; their campaigns (own permissions: list-, create-, edit-,
 * delete-campaigns) and the admins who may see their figures, on each channel.
 */
export const channelsContract = defineContract({
  path: 'channels',
  record: channelRecord,
  input: channelInput,
  label: 'utm_source',
  list: {
    sortable: [
      'id',
      'utm_source',
      'type',
      'profit_sharing',
      'status',
      'campaigns_count',
      'admin_count',
      'created_at',
      'updated_at',
    ],
    defaultSort: '-id',
    filters: { type: true, status: true, disabled: true },
    ranges: { created_at: true },
    keyword: true,
  },
  actions: channelActions,
  children: {
    campaigns: {
      record: campaignRecord,
      input: campaignInput,
      ordered: true,
      permissions: 'campaigns',
      operations: ['list', 'create', 'edit', 'delete'],
    },
    // Added through the channel's `admins` action (it answers the channel with its new count).
    admins: { record: channelAdminRecord, links: 'admins', operations: ['list', 'delete'] },
  },
})
