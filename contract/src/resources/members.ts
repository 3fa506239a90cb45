import { z } from 'zod'
import { defineActions } from '../actions.ts'
import { masked } from '../fields.ts'
import { defineContract } from '../resource.ts'
import { PHONE_PATTERN } from '../rules.ts'
import { calendarDay, clearable, flag, instant, mediaUrl, recordId, reference } from '../values.ts'
import { campaignReference } from './channels.ts'

/**
 * Members (spec section 3 "User"), their IP whitelist and the e-mails sent to them: the states and lengths
 * that the database, the input rules and the forms share. Input and record schemas sit beside these.
 */
export const userStatuses = ['enabled', 'disabled'] as const

export const userLimits = {
  username: 100,
  email: 255,
  firstName: 100,
  lastName: 100,
  phone: 30,
} as const

/** The e-mails an admin can send a member (spec section 7), each rate-limited per member. */
export const memberMailKinds = ['email-verification', 'reset-password'] as const
export type MemberMailKind = (typeof memberMailKinds)[number]

/**
 * Where a member e-mail stands, decided by the server: `sent` (the mail server took it), `queued` (not yet
 * taken, tried again while its link works), `failed` (refused for good, out of tries, or its link expired
 * before it went) or `outbox` (no mail server is set up: it never left).
 */
export const memberMailStates = ['sent', 'queued', 'failed', 'outbox'] as const
export type MemberMailState = (typeof memberMailStates)[number]

export const ipWhitelistLimits = { note: 500 } as const

// ---------------------------------------------------------------------------------------------------------
// Wire shapes of the members screens (docs/resources.md "Members"): GET/PUT /users, the batch create, the
// e-mails sent to a member and the IP whitelist. Only pure code here: the web reads the same rules.

/** enable and disable (spec section 4: users: enable, disable); any other state answers 409. */
export const userActions = defineActions({
  enable: { from: ['disabled'], to: 'enabled' },
  disable: { from: ['enabled'], to: 'disabled' },
})

/** A member's username: letters, digits, dots, dashes, underscores and @ (some sign up with an e-mail). */
const USERNAME_PATTERN = /^[\w.@+-]+$/

const userFields = {
  username: z.string().trim().min(3).max(userLimits.username).regex(USERNAME_PATTERN, 'validation.username'),
  email: clearable(z.email().max(userLimits.email)).optional(),
  first_name: clearable(z.string().trim().max(userLimits.firstName)).optional(),
  last_name: clearable(z.string().trim().max(userLimits.lastName)).optional(),
  birthdate: calendarDay.nullable().optional(),
  phone: clearable(
    z.string().trim().max(userLimits.phone).regex(PHONE_PATTERN, 'validation.phone'),
  ).optional(),
  avatar: clearable(mediaUrl).optional(),
  banner: clearable(mediaUrl).optional(),
  plan_id: reference('plans').nullable().optional(),
  start_date: calendarDay.nullable().optional(),
  end_date: calendarDay.nullable().optional(),
}

/** The end of a membership cannot come before its start (the database's users_dates_check says the same). */
const datesInOrder = (
  value: { start_date?: string | null; end_date?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (value.start_date && value.end_date && value.end_date < value.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'validation.end_before_start' })
}

/**
 * One member of the batch create (`POST /users/batch-create`, CSV or JSON rows): the fields of spec section 3,
 * status `enabled` unless said. There is no single create (spec section 2 offers none).
 */
const userInput = z
  .object({ ...userFields, status: z.enum(userStatuses).optional() })
  .superRefine(datesInOrder)

/**
 * PUT /users/{id}: fields left out keep their values. The status changes only through enable / disable
 * (their own permissions), so it is not taken here.
 */
const userUpdateInput = z.object(userFields).partial().superRefine(datesInOrder)

export const userRecord = z
  .object({
    id: recordId,
    username: z.string(),
    email: masked(z.string().nullable(), 'email'),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    birthdate: masked(calendarDay.nullable(), 'day'),
    phone: masked(z.string().nullable(), 'phone'),
    avatar: mediaUrl.nullable(),
    banner: mediaUrl.nullable(),
    status: z.enum(userStatuses),
    plan_id: reference('plans').nullable(),
    plan_name: z.string().nullable(),
    start_date: calendarDay.nullable(),
    end_date: calendarDay.nullable(),
    channel_id: reference('channels').nullable(),
    /** The channel by its UTM source (channels have no name of their own). */
    channel_name: z.string().nullable(),
    campaign_id: campaignReference,
    campaign_name: z.string().nullable(),
    email_verified_at: instant.nullable(),
    /** The sign-up. */
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'User' })
export type User = z.infer<typeof userRecord>

/**
 * Members sign up on the public site: here they are read, corrected, enabled or disabled, and created in bulk
 * only (`input` is a row of the batch create).
 */
export const usersContract = defineContract({
  path: 'users',
  record: userRecord,
  input: userInput,
  update: userUpdateInput,
  label: 'username',
  operations: ['list', 'show', 'edit'],
  list: {
    sortable: [
      'id',
      'username',
      'email',
      'status',
      'plan_name',
      'start_date',
      'end_date',
      'created_at',
      'updated_at',
    ],
    defaultSort: '-id',
    filters: { status: true, plan_id: true, channel_id: true, campaign_id: true },
    ranges: { created_at: true, start_date: true, end_date: true },
    keyword: true,
  },
  actions: userActions,
  import: { path: 'batch-create' },
})

/** At most this many e-mails of one kind to one member in an hour; more answers 429. */
export const MEMBER_MAIL_LIMIT = { perHour: 3 } as const

/** What `GET /users/{id}/send-email-verification` and `/send-reset-password` answer. */
export const memberMailRecord = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    kind: z.enum(memberMailKinds),
    /** Absent where the caller's role does not read the e-mail whole (field-rules.ts carriedFields). */
    recipient: z.string().optional(),
    subject: z.string(),
    /** `smtp`: handed to the mail server; `outbox`: kept in the member_mails table (no SMTP_URL). */
    transport: z.enum(['smtp', 'outbox']),
    /** 1 while the mail server has not taken it yet: it is retried from the outbox. */
    pending: flag,
    state: z.enum(memberMailStates).meta({
      description:
        'sent: the mail server took it; queued: not yet taken, tried again while its link works; failed: ' +
        'refused for good, out of tries, or its link expired before it went; outbox: no mail server is set ' +
        'up, so it never left',
    }),
    created_at: instant,
  })
  .meta({ id: 'MemberMail' })
export type MemberMail = z.infer<typeof memberMailRecord>

/**
 * `GET /users/{id}/mails`: the e-mails sent the member, newest first (the last 50), whether a mail server is
 * set up at all (`smtp` 0: they wait in the outbox and never reach the member), and how many of each kind
 * may still go this hour.
 */
export const memberMailHistory = z
  .object({
    data: z.array(memberMailRecord),
    meta: z.object({
      smtp: z.union([z.literal(0), z.literal(1)]),
      per_hour: z.number().int(),
      remaining: z.object(Object.fromEntries(memberMailKinds.map((kind) => [kind, z.number().int()]))),
    }),
  })
  .meta({ id: 'MemberMailHistory' })
export type MemberMailHistory = z.infer<typeof memberMailHistory>

// ---------------------------------------------------------------------------------------------------------
// IP addresses and CIDR ranges, checked without node:net (the web runs these rules too).

/** The 16-bit groups of an IPv6 address, or null. Takes `::` compression and a trailing IPv4 part. */
function ipv6Groups(text: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return null
  const halves = text.split('::')
  if (halves.length > 2) return null
  const part = (s: string): number[] | null => {
    if (s === '') return []
    const groups: number[] = []
    const pieces = s.split(':')
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = ipv4Octets(piece)
        if (!v4) return null
        groups.push(
          ((v4[0] as number) << 8) | (v4[1] as number),
          ((v4[2] as number) << 8) | (v4[3] as number),
        )
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) groups.push(Number.parseInt(piece, 16))
      else return null
    }
    return groups
  }
  const head = part(halves[0] as string)
  const tail = halves.length === 2 ? part(halves[1] as string) : []
  if (!head || !tail) return null
  if (halves.length === 1) return head.length === 8 ? head : null
  const missing = 8 - head.length - tail.length
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null
}

/** The four octets of a dotted IPv4 address (no leading zeros, which some tools read as octal), or null. */
function ipv4Octets(text: string): number[] | null {
  const parts = text.split('.')
  if (parts.length !== 4 || parts.some((p) => !/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255)) return null
  return parts.map(Number)
}

function formatIpv6(groups: number[]): string {
  // The longest run of two or more zero groups becomes `::` (RFC 5952).
  let best = { start: -1, length: 0 }
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++
      continue
    }
    let j = i
    while (j < 8 && groups[j] === 0) j++
    if (j - i > best.length && j - i >= 2) best = { start: i, length: j - i }
    i = j
  }
  const hex = (gs: number[]) => gs.map((g) => g.toString(16)).join(':')
  if (best.start < 0) return hex(groups)
  return `${hex(groups.slice(0, best.start))}::${hex(groups.slice(best.start + best.length))}`
}

export type IpIssue = 'validation.ip_address' | 'validation.ip_host_bits'

/**
 * An address (`203.0.113.7`, `2001:db8::1`) or a CIDR range (`10.0.0.0/8`, `2001:db8::/32`): null when it
 * is one, otherwise what is wrong, with the range's network address when only host bits are set
 * (`10.0.0.5/8` -> `10.0.0.0/8`).
 */
export function ipEntryIssue(value: string): { key: IpIssue; network?: string } | null {
  const [address = '', prefix, ...rest] = value.split('/')
  if (rest.length > 0) return { key: 'validation.ip_address' }
  const v4 = ipv4Octets(address)
  const v6 = v4 ? null : ipv6Groups(address)
  if (!v4 && !v6) return { key: 'validation.ip_address' }
  if (prefix === undefined) return null
  const width = v4 ? 32 : 128
  if (!/^(0|[1-9]\d{0,2})$/.test(prefix) || Number(prefix) > width) return { key: 'validation.ip_address' }
  const bits = Number(prefix)
  // Each part (octet or group) keeps its bits above the prefix.
  const size = v4 ? 8 : 16
  const parts = (v4 ?? v6) as number[]
  const network = parts.map((part, i) => {
    const keep = Math.max(0, Math.min(size, bits - i * size))
    return keep === 0 ? 0 : part & (((1 << keep) - 1) << (size - keep))
  })
  if (network.every((part, i) => part === parts[i])) return null
  return {
    key: 'validation.ip_host_bits',
    network: `${v4 ? network.join('.') : formatIpv6(network)}/${bits}`,
  }
}

/** One address or range of the IP whitelist, with a note. */
const ipWhitelistInput = z.object({
  address: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(60)
    .superRefine((value, ctx) => {
      const issue = ipEntryIssue(value)
      if (issue)
        ctx.addIssue({
          code: 'custom',
          message: issue.key,
          params: issue.network ? { network: issue.network } : {},
        })
    }),
  note: clearable(z.string().trim().max(ipWhitelistLimits.note)).optional(),
})

const ipWhitelistRecord = z
  .object({
    id: recordId,
    /** As PostgreSQL writes it: `203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`. */
    address: z.string(),
    note: z.string().nullable(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'IpWhitelist' })
export type IpWhitelist = z.infer<typeof ipWhitelistRecord>

export const ipwhitelistsContract = defineContract({
  path: 'ipwhitelists',
  record: ipWhitelistRecord,
  input: ipWhitelistInput,
  label: 'address',
  list: { sortable: ['id', 'address', 'created_at', 'updated_at'], defaultSort: '-id', keyword: true },
})
