import { createHmac, hkdfSync } from 'node:crypto'
import { MEMBER_MAIL_LIMIT, type MemberMailKind, memberMailRecord } from '@vod/contract'
import { and, count, eq, gt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import nodemailer from 'nodemailer'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { memberMails, users } from '../../db/schema/index.ts'
import { audit } from '../../lib/audit.ts'
import { ApiError, conflict, notFound } from '../../lib/errors.ts'
import { idParams } from '../../lib/id-param.ts'
import { dataOf, errorBody, recordErrors } from '../../lib/responses.ts'
import type { ModuleOptions } from '../types.ts'

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

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url')

/**
 * The link's token: the member, the kind, the address and the expiry, signed with HMAC-SHA256 under a key
 * derived from the token signing key (never the key itself). The member site checks it with the same key.
 */
function signedToken(key: Buffer, payload: { u: number; k: MemberMailKind; e: string; x: number }): string {
  const body = base64url(JSON.stringify(payload))
  return `${body}.${base64url(createHmac('sha256', key).update(body).digest())}`
}

/** One SMTP transport per server address, made when the first mail goes out. */
function mailer(config: Config) {
  let transport: ReturnType<typeof nodemailer.createTransport> | null = null
  return (): ReturnType<typeof nodemailer.createTransport> | null => {
    if (!config.smtpUrl) return null
    // Short time-outs: the member's row stays locked while the mail server answers.
    transport ??= nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 15_000,
    })
    return transport
  }
}

/**
 * `GET /users/{id}/send-email-verification` and `/send-reset-password` (spec section 7; GET as the spec has
 * it, though each sends a mail). The mail goes through SMTP when SMTP_URL is set, otherwise into the
 * member_mails outbox; either way a row of member_mails records it, and at most MEMBER_MAIL_LIMIT.perHour
 * of one kind go to one member an hour (429 with Retry-After past that). The member's row is locked for
 * the check, so parallel requests cannot slip past the limit.
 */
export async function memberMailRoutes(app: FastifyInstance, { db, config, secret }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const transport = mailer(config)
  const linkKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'vod member mail links', 32))

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
            'has no e-mail address; 502 when the mail server refuses it (nothing is recorded then).',
          params: idParams,
          response: {
            200: dataOf(memberMailRecord),
            ...recordErrors,
            409: errorBody,
            429: errorBody,
            502: errorBody,
          },
        },
      },
      async (request) => {
        const id = request.params.id
        const row = await db.transaction(async (tx: Db) => {
          const [member] = await tx
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(eq(users.id, id))
            .for('update')
          if (!member) throw notFound()
          if (!member.email) throw conflict('users.no_email')
          await throttle(tx, id, kind)

          const expires = Date.now() + mail.hours * HOUR_MS
          const token = signedToken(linkKey, {
            u: id,
            k: kind,
            e: member.email,
            x: Math.floor(expires / 1000),
          })
          const link = `${config.memberSiteUrl}/${mail.page}?token=${token}`
          const smtp = transport()
          const [saved] = await tx
            .insert(memberMails)
            .values({
              userId: id,
              kind,
              recipient: member.email,
              subject: mail.subject,
              // A sent mail's live link is not kept: a copy of the database must not open accounts.
              body: mail.text(smtp ? link.replace(token, '[sent]') : link, mail.hours),
              transport: smtp ? 'smtp' : 'outbox',
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
          if (smtp)
            await smtp
              .sendMail({
                from: config.mailFrom,
                to: member.email,
                subject: mail.subject,
                text: mail.text(link, mail.hours),
              })
              .catch((error: unknown) => {
                request.log.warn({ err: error }, 'member mail: the SMTP server refused the mail')
                throw new ApiError(502, 'users.mail_failed')
              })
          return saved
        })
        return {
          data: {
            id: row.id,
            user_id: row.userId,
            kind: row.kind,
            recipient: row.recipient,
            subject: row.subject,
            transport: row.transport,
            created_at: row.createdAt.toISOString(),
          },
        }
      },
    )
}

/** 429 when the member already got the limit of this kind within the last hour; Retry-After until the oldest ages out. */
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
    .where(
      and(
        eq(memberMails.userId, userId),
        eq(memberMails.kind, kind),
        gt(memberMails.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
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
