import { hkdfSync } from 'node:crypto'
import {
  MEMBER_MAIL_LIMIT,
  type MemberMailKind,
  type MemberMailState,
  memberMailHistory,
  memberMailKinds,
  memberMailRecord,
} from '@vod/contract'
import { and, count, desc, eq, gt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { SignJWT } from 'jose'
import type { Db } from '../../db/client.ts'
import { memberMails, users } from '../../db/schema/index.ts'
import { audit } from '../../lib/audit.ts'
import { ApiError, conflict, notFound } from '../../lib/errors.ts'
import { idParams } from '../../lib/id-param.ts'
import { attemptUntil, claimDue, everyMailPass } from '../../lib/mail/outbox.ts'
import { MAX_MAIL_ATTEMPTS, mailSender } from '../../lib/mail/transport.ts'
import { withoutCarried } from '../../lib/resource/field-access.ts'
import { dataOf, errorBody, recordErrors } from '../../lib/responses.ts'
import type { ModuleOptions } from '../types.ts'
import { memberScope } from './scope.ts'

const HOUR_MS = 3_600_000

/** How long the link of each kind works, and what the mail says (English, then Chinese: no member language is kept). */
const kinds: Record<
  MemberMailKind,
  {
    route: 'send-email-verification' | 'send-reset-password'
    page: string
    hours: number
    subject: string
    text: (link: string, hours: number) => string
  }
> = {
  'email-verification': {
    route: 'send-email-verification',
    page: 'verify-email',
    hours: 24,
    subject: 'Verify your e-mail address / 验证您的邮箱地址',
    text: (link, hours) =>
      [
        'Hello,',
        '',
        'Please confirm that this is your e-mail address by opening the link below:',
        link,
        `The link works for ${hours} hours. If you did not sign up, ignore this e-mail.`,
        '',
        '您好，',
        '',
        '请打开以下链接，确认这是您的邮箱地址：',
        link,
        `该链接 ${hours} 小时内有效。如果您没有注册，请忽略此邮件。`,
      ].join('\n'),
  },
  'reset-password': {
    route: 'send-reset-password',
    page: 'reset-password',
    hours: 1,
    subject: 'Reset your password / 重置您的密码',
    text: (link, hours) =>
      [
        'Hello,',
        '',
        'Someone (our support team, at your request) asked to reset the password of your account.',
        'Choose a new password here:',
        link,
        `The link works for ${hours} hour(s). If you did not ask for this, ignore this e-mail: your password stays as it is.`,
        '',
        '您好，',
        '',
        '我们的客服应您的请求为您的账号发起了密码重置。请在此设置新密码：',
        link,
        `该链接 ${hours} 小时内有效。如果不是您本人的请求，请忽略此邮件，您的密码不会改变。`,
      ].join('\n'),
  },
}

/** The `typ` of a link's token, which no other token of this server carries. */
export const MEMBER_LINK_TYPE = 'vod-member-link+jwt'

/**
 * The link's token, a JWT (HS256): the member (`sub`), the kind, the address and the expiry (`exp`), signed
 * under a key derived from the token signing key (memberLinkKey), never the key itself. The member site checks
 * it with the same key, `typ` and claims.
 */
const signedToken = (
  key: Uint8Array,
  claims: { member: number; kind: MemberMailKind; email: string; expires: number },
) =>
  new SignJWT({ kind: claims.kind, email: claims.email })
    .setProtectedHeader({ alg: 'HS256', typ: MEMBER_LINK_TYPE })
    .setSubject(String(claims.member))
    .setExpirationTime(Math.floor(claims.expires / 1000))
    .sign(key)

/** The key of the links' tokens: HKDF-SHA256 of the token signing key, labelled for this use alone. */
export const memberLinkKey = (secret: Uint8Array): Uint8Array =>
  new Uint8Array(hkdfSync('sha256', secret, new Uint8Array(0), 'vod member mail links', 32))

/** A sent (or refused) mail keeps no live link: a copy of the database must not open accounts. */
const redacted = (mark: string) =>
  sql`regexp_replace(${memberMails.body}, 'token=[A-Za-z0-9_.-]+', ${`token=${mark}`}, 'g')`

/**
 * What the link of a mail the server refused for good is replaced by. The row keeps no other trace of the
 * refusal, so the history reads it there (only this module writes bodies, always with one link).
 */
const REFUSED = '[refused]'
const refused = sql`strpos(${memberMails.body}, ${`token=${REFUSED}`}) > 0`

/** The mails of the last hour that count against the allowance: all but those the server refused. */
const countedThisHour = and(gt(memberMails.createdAt, sql`now() - interval '1 hour'`), sql`not ${refused}`)

/** Whether a mail's link still works, by the database's clock (the rows' created_at is its now()). */
const linkAlive = sql`${memberMails.createdAt} > now() - case ${memberMails.kind} ${sql.join(
  Object.entries(kinds).map(([kind, mail]) => sql`when ${kind} then ${`${mail.hours} hours`}::interval`),
  sql` `,
)} end`

/**
 * Where a mail stands (the contract's memberMailStates): a pending mail past its tries or its link's life
 * is failed, though its row stays pending (the retry pass merely stops claiming it).
 */
const mailState = sql<MemberMailState>`case
  when ${memberMails.transport} = 'outbox' then 'outbox'
  when not ${memberMails.pending} then case when ${refused} then 'failed' else 'sent' end
  when ${memberMails.attempts} >= ${MAX_MAIL_ATTEMPTS} or not (${linkAlive}) then 'failed'
  else 'queued'
end`

/**
 * `GET /users/{id}/send-email-verification` and `/send-reset-password` (spec section 7; GET as the spec has
 * it, though each sends a mail). The mail goes through SMTP when SMTP_URL is set, otherwise into the
 * member_mails outbox; either way a row of member_mails records it, and at most MEMBER_MAIL_LIMIT.perHour
 * of one kind go to one member an hour (429 with Retry-After past that; a mail the server refused does not
 * count). The member's row is locked for the check, so parallel requests cannot slip past the limit. The row
 * and the count are committed and the request answered (the mail queued); only then is the mail server
 * spoken to, outside any transaction and any request: a slow mail server holds neither a database
 * connection nor a member of staff, who reads how it went in the mail's history. A mail it did not take
 * stays pending and is sent again every MAIL_RETRY_SECONDS (any process may: rows are claimed with SKIP
 * LOCKED) while its link still works.
 */
export async function memberMailRoutes(app: FastifyInstance, { db, config, secret }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const sender = mailSender(app, config)
  const linkKey = memberLinkKey(secret)

  r.get(
    '/users/:id/mails',
    {
      config: { permission: 'list-users' },
      schema: {
        tags: ['users'],
        summary:
          "A member's e-mails, whether a mail server is set up, and what remains of the hourly allowance",
        params: idParams,
        response: { 200: memberMailHistory, ...recordErrors },
      },
    },
    async (request) => {
      const id = request.params.id
      const [member] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), memberScope(request)))
      if (!member) throw notFound()
      const rows = await db
        .select({
          id: memberMails.id,
          userId: memberMails.userId,
          kind: memberMails.kind,
          recipient: memberMails.recipient,
          subject: memberMails.subject,
          transport: memberMails.transport,
          pending: memberMails.pending,
          createdAt: memberMails.createdAt,
          state: mailState,
        })
        .from(memberMails)
        .where(eq(memberMails.userId, id))
        .orderBy(desc(memberMails.createdAt), desc(memberMails.id))
        .limit(50)
      const recent = await db
        .select({ kind: memberMails.kind, sent: count() })
        .from(memberMails)
        .where(and(eq(memberMails.userId, id), countedThisHour))
        .groupBy(memberMails.kind)
      const sent = new Map(recent.map((row) => [row.kind, row.sent]))
      return {
        data: rows.map((row) => withoutCarried(request, 'users', wireMail(row, row.state))),
        meta: {
          smtp: config.smtpUrl ? (1 as const) : (0 as const),
          per_hour: MEMBER_MAIL_LIMIT.perHour,
          remaining: Object.fromEntries(
            memberMailKinds.map((kind) => [
              kind,
              Math.max(0, MEMBER_MAIL_LIMIT.perHour - (sent.get(kind) ?? 0)),
            ]),
          ),
        },
      }
    },
  )

  for (const [kind, mail] of Object.entries(kinds) as [MemberMailKind, (typeof kinds)[MemberMailKind]][])
    r.get(
      `/users/:id/${mail.route}`,
      {
        config: { permission: `${mail.route}-users` },
        schema: {
          tags: ['users'],
          summary: `Send a member the ${kind} e-mail`,
          description:
            `Through SMTP when SMTP_URL is set, else written to the member_mails outbox. At most ` +
            `${MEMBER_MAIL_LIMIT.perHour} an hour per member: 429 with Retry-After past that; 409 when the member ` +
            'has no e-mail address. Answers at once, the mail `queued` for the mail server (never waiting for ' +
            'it); `GET /users/{id}/mails` then says whether the server took it (`sent`) or refused it ' +
            '(`failed`, not counted against the hourly limit); one it did not answer is tried again.',
          params: idParams,
          response: {
            200: dataOf(memberMailRecord),
            ...recordErrors,
            409: errorBody,
            429: errorBody,
          },
        },
      },
      async (request) => {
        const id = request.params.id
        const smtp = config.smtpUrl !== null
        // Its first attempt's lease runs from the row's tried_at, written in this transaction.
        const claimed = Date.now()
        const row = await db.transaction(async (tx: Db) => {
          const [member] = await tx
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(and(eq(users.id, id), memberScope(request)))
            .for('update')
          if (!member) throw notFound()
          if (!member.email) throw conflict('users.no_email')
          await throttle(tx, id, kind)

          const expires = Date.now() + mail.hours * HOUR_MS
          const token = await signedToken(linkKey, { member: id, kind, email: member.email, expires })
          const link = `${config.memberSiteUrl}/${mail.page}?token=${token}`
          const [saved] = await tx
            .insert(memberMails)
            .values({
              userId: id,
              kind,
              recipient: member.email,
              subject: mail.subject,
              // The live link until the mail server takes it (then `[sent]`); the outbox keeps it.
              body: mail.text(link, mail.hours),
              transport: smtp ? 'smtp' : 'outbox',
              pending: !!smtp,
              attempts: smtp ? 1 : 0,
              triedAt: smtp ? sql`now()` : null,
              sentBy: request.admin?.id ?? null,
            })
            .returning()
          if (!saved) throw new Error('member_mails insert returned nothing')
          await audit(tx, request, {
            resource: 'users',
            recordId: id,
            action: mail.route,
            changes: { recipient: member.email, transport: saved.transport },
          })
          return saved
        })
        if (!smtp) return { data: withoutCarried(request, 'users', wireMail(row, 'outbox')) }
        // Its first attempt, after the answer: the mail's history tells how it went.
        deliver(row, attemptUntil(config, claimed)).catch((error) =>
          app.log.warn({ err: error, mail: row.id }, 'member mail: the first attempt stopped'),
        )
        return { data: withoutCarried(request, 'users', wireMail(row, 'queued')) }
      },
    )

  /** One attempt at a pending mail, outside any transaction (lib/mail), over by `until`; its row says how it went. */
  async function deliver(
    row: { id: number; recipient: string; subject: string; body: string },
    until: number,
  ) {
    const outcome = await sender.send({ to: row.recipient, subject: row.subject, text: row.body }, until)
    if (outcome === 'failed') return
    await db
      .update(memberMails)
      .set({ pending: false, body: redacted(outcome === 'sent' ? '[sent]' : REFUSED) })
      .where(eq(memberMails.id, row.id))
  }

  // The outbox's retry pass (lib/mail/outbox.ts): mails whose link still works, claimed by any process.
  if (config.smtpUrl)
    everyMailPass(app, config, 'member mail', async () => {
      while (!sender.closing) {
        const claim = await claimDue(db, memberMails, config, linkAlive)
        if (!claim) return
        const [row] = await db.select().from(memberMails).where(eq(memberMails.id, claim.id))
        if (row) await deliver(row, claim.until)
      }
    })
}

/** A member_mails row as the API answers it (its body, which may hold a live link, never leaves). */
function wireMail(
  row: Omit<typeof memberMails.$inferSelect, 'body' | 'attempts' | 'triedAt' | 'sentBy'>,
  state: MemberMailState,
) {
  return {
    id: row.id,
    user_id: row.userId,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    transport: row.transport,
    pending: row.pending ? (1 as const) : (0 as const),
    state,
    created_at: row.createdAt.toISOString(),
  }
}

/**
 * 429 when the member already got the limit of this kind within the last hour (a mail the server refused
 * does not count: nothing went out); Retry-After until the oldest ages out.
 */
async function throttle(tx: Db, userId: number, kind: MemberMailKind) {
  // The database's clock on both sides: the rows' created_at is its now().
  const [recent] = await tx
    .select({
      sent: count(),
      wait: sql<
        string | null
      >`ceil(extract(epoch from min(${memberMails.createdAt}) + interval '1 hour' - now()))`,
    })
    .from(memberMails)
    .where(and(eq(memberMails.userId, userId), eq(memberMails.kind, kind), countedThisHour))
  if (!recent || recent.sent < MEMBER_MAIL_LIMIT.perHour) return
  const seconds = Math.max(1, Number(recent.wait ?? 1))
  throw new ApiError(
    429,
    'users.mail_throttled',
    { limit: MEMBER_MAIL_LIMIT.perHour, minutes: Math.ceil(seconds / 60) },
    undefined,
    { 'retry-after': String(seconds) },
  )
}
