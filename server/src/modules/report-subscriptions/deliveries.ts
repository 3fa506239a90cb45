import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { reportDeliveries, reportSubscriptions } from '../../db/schema/index.ts'
import { attemptUntil, claimDue, everyMailPass } from '../../lib/mail/outbox.ts'
import { mailSender } from '../../lib/mail/transport.ts'
import { makeReport } from './make.ts'
import { duePeriod, zoneHour } from './periods.ts'

export interface DeliveryOptions {
  db: Db
  /** Where the figures are read (the replica of ANALYTICS_DATABASE_URL, else `db`). */
  reads: Db
  config: Config
}

/**
 * The reports' scheduler, run by every server process every MAIL_RETRY_SECONDS: each subscription whose
 * sending hour has come gets a delivery row for its period, inserted once (the row's key is the subscription
 * and the period: of several processes only the one whose insert wins makes and sends it); then the pending
 * ones are claimed from the outbox as member mails are (lib/mail/outbox.ts), which also takes over a row whose
 * process died between its claim and its send, once its lease is over. Reports are made with the database and
 * sent after, on no connection and in no transaction, each attempt over before its lease is (a slow mail
 * server holds only this pass); each attempt makes the report again for its reader as the reader is then.
 */
export function scheduleReports(app: FastifyInstance, { db, reads, config }: DeliveryOptions): void {
  const sender = mailSender(app, config)
  const zone = config.businessTimeZone

  /**
   * Claims the period each due subscription has not yet been sent, as a delivery row, and delivers it at
   * once: one at a time, so each claim's lease (lib/mail/outbox.ts) starts as its own attempt does.
   */
  async function claimPeriods(): Promise<void> {
    const now = zoneHour(zone, new Date())
    const subscriptions = await db
      .select({
        id: reportSubscriptions.id,
        frequency: reportSubscriptions.frequency,
        weekday: reportSubscriptions.weekday,
        hour: reportSubscriptions.hour,
        createdAt: reportSubscriptions.createdAt,
        // Spelled out: drizzle leaves a one-table query's columns unqualified, which the subquery would misread.
        last: sql<
          string | null
        >`(select max(d.period_start)::text from report_deliveries d where d.subscription_id = report_subscriptions.id)`,
      })
      .from(reportSubscriptions)
    for (const subscription of subscriptions) {
      if (sender.closing) return
      const due = duePeriod(subscription, now, zoneHour(zone, subscription.createdAt))
      if (!due || (subscription.last !== null && subscription.last >= due.start)) continue
      const claimed = Date.now()
      const [row] = await db
        .insert(reportDeliveries)
        .values({ subscriptionId: subscription.id, periodStart: due.start, periodEnd: due.end })
        .onConflictDoNothing()
        .returning({ id: reportDeliveries.id })
      if (row) await deliver(row.id, attemptUntil(config, claimed))
    }
  }

  /**
   * One attempt at a claimed delivery, over by `until`: the report made for its reader as the reader is now
   * (make.ts), withheld when the reader may no longer read it or its address is not the one an
   * earlier attempt made it for, then handed to the mail server once.
   */
  async function deliver(id: number, until: number): Promise<void> {
    const [row] = await db
      .select({ delivery: reportDeliveries, subscription: reportSubscriptions })
      .from(reportDeliveries)
      .innerJoin(reportSubscriptions, eq(reportSubscriptions.id, reportDeliveries.subscriptionId))
      .where(eq(reportDeliveries.id, id))
    if (!row?.delivery.pending) return
    const { delivery, subscription } = row
    const smtp = config.smtpUrl !== null
    const mail = await makeReport(
      db,
      reads,
      {
        adminId: subscription.adminId,
        report: subscription.report,
        channelId: subscription.channelId,
        language: subscription.language,
      },
      { zone, start: delivery.periodStart, end: delivery.periodEnd },
      delivery.recipient,
    )
    const attachment = mail?.attachments?.[0]
    const [made] = await db
      .update(reportDeliveries)
      .set(
        mail
          ? {
              recipient: mail.to,
              subject: mail.subject,
              body: mail.text,
              // Kept without its BOM (PGlite's reader drops a leading one), which the send puts back.
              attachment: attachment?.content.replace(/^\ufeff/, '') ?? null,
              attachmentName: attachment?.filename ?? null,
              // Without SMTP_URL the report stays here, in the outbox, as member mails do.
              ...(smtp ? {} : { state: 'outbox' as const, pending: false }),
            }
          : { state: 'withheld', pending: false, attachment: null },
      )
      .where(and(eq(reportDeliveries.id, id), eq(reportDeliveries.pending, true)))
      .returning()
    if (!mail || !made?.pending) return
    const outcome = await sender.send(mail, until)
    if (outcome === 'failed') return
    await db
      .update(reportDeliveries)
      // A sent report keeps its text, not its file: the figures stay readable, the table small.
      .set({ state: outcome === 'sent' ? 'sent' : 'failed', pending: false, attachment: null })
      .where(eq(reportDeliveries.id, id))
    app.log.info({ delivery: id, outcome }, 'report mail')
  }

  everyMailPass(app, config, 'report mail', async () => {
    await claimPeriods()
    while (!sender.closing) {
      const claim = await claimDue(db, reportDeliveries, config)
      if (!claim) break
      await deliver(claim.id, claim.until)
    }
    app.log.debug('report mail: pass done')
  })
}
