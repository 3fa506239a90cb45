import { type MemberMailState, type SupportReply, supportReplyInput, supportReplyRecord } from '@vod/contract'
import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminOf } from '../../auth/sessions.ts'
import type { Db } from '../../db/client.ts'
import { supportReplies, supports } from '../../db/schema/index.ts'
import { audit } from '../../lib/audit.ts'
import { conflict, notFound } from '../../lib/errors.ts'
import { idParams } from '../../lib/id-param.ts'
import { isOneMailbox } from '../../lib/mail/mailbox.ts'
import { attemptUntil, claimDue, everyMailPass } from '../../lib/mail/outbox.ts'
import { MAX_MAIL_ATTEMPTS, mailSender } from '../../lib/mail/transport.ts'
import { withoutCarried } from '../../lib/resource/field-access.ts'
import { dataOf, errorBody, recordErrors } from '../../lib/responses.ts'
import type { ModuleOptions } from '../types.ts'

/**
 * The reply's mail in both languages (no member language is kept, as with member mails): the answer as staff
 * wrote it, under a line saying which ticket it answers.
 */
const replyMail = (ticket: { id: number; subject: string }, body: string) => ({
  subject: `Re: ${ticket.subject} [#${ticket.id}]`,
  text: [
    `Hello, this is our answer to your support request #${ticket.id} ("${ticket.subject}").`,
    `您好，这是对您的客服工单 #${ticket.id}（“${ticket.subject}”）的回复。`,
    '',
    body,
    '',
    '-- ',
    'Reply to this e-mail or write to us on the site if you need more help.',
    '如需更多帮助，请回复此邮件或在网站上联系我们。',
  ].join('\n'),
})

/** Where a reply's mail stands, as a member mail's does (contract memberMailStates). */
const replyState = sql<MemberMailState>`case
  when ${supportReplies.transport} = 'outbox' then 'outbox'
  when ${supportReplies.refused} then 'failed'
  when not ${supportReplies.pending} then 'sent'
  when ${supportReplies.attempts} >= ${MAX_MAIL_ATTEMPTS} then 'failed'
  else 'queued'
end`

const wireColumns = {
  id: supportReplies.id,
  support_id: supportReplies.supportId,
  body: supportReplies.body,
  recipient: supportReplies.recipient,
  admin_id: supportReplies.adminId,
  admin_name: supportReplies.adminName,
  state: replyState,
  created_at: supportReplies.createdAt,
}

const wire = (row: Omit<SupportReply, 'created_at'> & { created_at: Date }): SupportReply => ({
  ...row,
  created_at: row.created_at.toISOString(),
})

/**
 * A ticket's conversation (docs/resources.md "Support tickets"): `GET /supports/{id}/replies` (list-supports)
 * and `POST` (reply-supports), an answer mailed to the ticket's address through the outbox as member mails
 * are (modules/users/mail.ts): the row is committed and the request answered first, then the mail server is
 * spoken to outside any transaction, bounded; a mail it did not take is tried again every
 * MAIL_RETRY_SECONDS by any process, at most MAX_MAIL_ATTEMPTS times. `solve: 1` solves the open ticket in
 * the reply's transaction (409 when it is not open, nothing sent).
 */
export async function supportReplyRoutes(app: FastifyInstance, { db, config }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const sender = mailSender(app, config)

  r.get(
    '/supports/:id/replies',
    {
      config: { permission: 'list-supports' },
      schema: {
        tags: ['supports'],
        summary: "A ticket's replies, oldest first",
        params: idParams,
        response: { 200: dataOf(z.array(supportReplyRecord)), ...recordErrors },
      },
    },
    async (request) => {
      const id = request.params.id
      const [ticket] = await db.select({ id: supports.id }).from(supports).where(eq(supports.id, id))
      if (!ticket) throw notFound()
      const rows = await db
        .select(wireColumns)
        .from(supportReplies)
        .where(eq(supportReplies.supportId, id))
        .orderBy(asc(supportReplies.id))
      return { data: rows.map((row) => withoutCarried(request, 'supports', wire(row))) }
    },
  )

  r.post(
    '/supports/:id/replies',
    {
      config: { permission: 'reply-supports' },
      schema: {
        tags: ['supports'],
        summary: 'Answer a ticket by e-mail to its address; optionally solve it with this last reply',
        description:
          'Through SMTP when SMTP_URL is set, else kept in the outbox. Answers at once (201), the mail `queued` ' +
          'for the mail server, never waiting for it; a mail it did not take is tried again. `solve: 1` solves ' +
          'the ticket in the same transaction: 409 when it is not open, and nothing is sent. A ticket whose ' +
          'address is empty or not exactly one mailbox: 409, nothing sent.',
        params: idParams,
        body: supportReplyInput,
        response: { 201: dataOf(supportReplyRecord), ...recordErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const id = request.params.id
      const admin = adminOf(request)
      const { body, solve } = request.body
      const smtp = config.smtpUrl !== null
      const claimed = Date.now()
      const saved = await db.transaction(async (tx: Db) => {
        const [ticket] = await tx.select().from(supports).where(eq(supports.id, id)).for('update')
        if (!ticket) throw notFound()
        // Refused here, not retried by the outbox: no later attempt could deliver it.
        if (ticket.email.trim() === '') throw conflict('supports.no_email')
        if (!isOneMailbox(ticket.email)) throw conflict('supports.bad_email')
        if (solve && ticket.status !== 'open')
          throw conflict('errors.action_state', { action: 'solve', state: ticket.status })
        const [row] = await tx
          .insert(supportReplies)
          .values({
            supportId: id,
            body,
            recipient: ticket.email,
            adminId: admin.id,
            adminName: admin.username,
            transport: smtp ? 'smtp' : 'outbox',
            pending: smtp,
            attempts: smtp ? 1 : 0,
            triedAt: smtp ? sql`now()` : null,
          })
          .returning({ id: supportReplies.id })
        if (!row) throw new Error('support_replies insert returned nothing')
        await audit(tx, request, {
          resource: 'supports',
          recordId: id,
          action: 'reply',
          changes: { reply_id: row.id, recipient: ticket.email },
        })
        if (solve) {
          await tx
            .update(supports)
            .set({ status: 'solved', updatedAt: sql`now()` })
            .where(eq(supports.id, id))
          await audit(tx, request, {
            resource: 'supports',
            recordId: id,
            action: 'solve',
            changes: { status: [ticket.status, 'solved'] },
          })
        }
        const [answer] = await tx
          .select(wireColumns)
          .from(supportReplies)
          .where(eq(supportReplies.id, row.id))
        if (!answer) throw new Error('support_replies row vanished')
        return { answer, mail: replyMail(ticket, body) }
      })
      // Its first attempt, after the answer: the conversation shows how it went.
      if (smtp)
        deliver(saved.answer.id, saved.answer.recipient, saved.mail, attemptUntil(config, claimed)).catch(
          (error) =>
            app.log.warn({ err: error, reply: saved.answer.id }, 'ticket reply: the first attempt stopped'),
        )
      return reply.code(201).send({ data: withoutCarried(request, 'supports', wire(saved.answer)) })
    },
  )

  /** One attempt at a reply's mail, outside any transaction, over by `until`; its row says how it went. */
  async function deliver(id: number, to: string, mail: { subject: string; text: string }, until: number) {
    const outcome = await sender.send({ to, ...mail }, until)
    if (outcome === 'failed') return
    await db
      .update(supportReplies)
      .set({ pending: false, refused: outcome === 'refused' })
      .where(eq(supportReplies.id, id))
  }

  // The outbox's retry pass (lib/mail/outbox.ts), claimed by any process.
  if (config.smtpUrl)
    everyMailPass(app, config, 'ticket reply', async () => {
      while (!sender.closing) {
        const claim = await claimDue(db, supportReplies, config)
        if (!claim) return
        const [row] = await db
          .select({ reply: supportReplies, ticket: { id: supports.id, subject: supports.subject } })
          .from(supportReplies)
          .innerJoin(supports, eq(supports.id, supportReplies.supportId))
          .where(eq(supportReplies.id, claim.id))
        if (row)
          await deliver(row.reply.id, row.reply.recipient, replyMail(row.ticket, row.reply.body), claim.until)
      }
    })
}
