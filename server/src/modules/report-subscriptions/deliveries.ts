import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { reportDeliveries, reportSubscriptions } from '../../db/schema/index.ts'
import { claimDue, everyMailPass } from '../../lib/mail/outbox.ts'
import { mailer, sendOnce } from '../../lib/mail/transport.ts'
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
 * process died between its claim and its send, once its lease is over. Reports are made with the database and sent after, on no
 * connection and in no transaction, so a silent mail server holds only this pass.
 */
export function scheduleReports(app: FastifyInstance, { db, reads, config }: DeliveryOptions): void {
  const transport = mailer(config)
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
      const due = duePeriod(subscription, now, zoneHour(zone, subscription.createdAt))
      if (!due || (subscription.last !== null && subscription.last >= due.start)) continue
      const [row] = await db
        .insert(reportDeliveries)
        .values({ subscriptionId: subscription.id, periodStart: due.start, periodEnd: due.end })
        .onConflictDoNothing()
        .returning({ id: reportDeliveries.id })
      if (row) await deliver(row.id)
    }
  }

  /** Makes a claimed delivery's report if it is not made yet, then hands it to the mail server once. */
  async function deliver(id: number): Promise<void> {
    const [row] = await db
      .select({ delivery: reportDeliveries, subscription: reportSubscriptions })
      .from(reportDeliveries)
      .innerJoin(reportSubscriptions, eq(reportSubscriptions.id, reportDeliveries.subscriptionId))
      .where(eq(reportDeliveries.id, id))
    if (!row) return
    let { delivery } = row
    const smtp = await transport()
    if (delivery.body === null) {
      const mail = await makeReport(
        db,
        reads,
        {
          adminId: row.subscription.adminId,
          report: row.subscription.report,
          channelId: row.subscription.channelId,
          language: row.subscription.language,
        },
        { zone, start: delivery.periodStart, end: delivery.periodEnd },
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
            : { state: 'withheld', pending: false },
        )
        .where(and(eq(reportDeliveries.id, id), eq(reportDeliveries.pending, true)))
        .returning()
      if (!made) return
      delivery = made
    }
    if (!smtp || !delivery.pending || delivery.recipient === null || delivery.subject === null) return
    const outcome = await sendOnce(smtp, config, app.log, {
      to: delivery.recipient,
      subject: delivery.subject,
      text: delivery.body ?? '',
      attachments: delivery.attachment
        ? [
            {
              filename: delivery.attachmentName ?? 'report.csv',
              content: `\ufeff${delivery.attachment}`,
              contentType: 'text/csv; charset=utf-8',
            },
          ]
        : [],
    })
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
    for (let id = await claimDue(db, reportDeliveries, config); id; ) {
      await deliver(id)
      id = await claimDue(db, reportDeliveries, config)
    }
    app.log.debug('report mail: pass done')
  })
}
