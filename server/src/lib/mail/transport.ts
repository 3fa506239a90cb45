import type { FastifyBaseLogger } from 'fastify'
import type nodemailer from 'nodemailer'
import type { Config } from '../../config.ts'

export type MailTransport = ReturnType<typeof nodemailer.createTransport>

/** Tries per mail, the first included, before the outbox gives up on it (member and report mails alike). */
export const MAX_MAIL_ATTEMPTS = 5

/** A mail as the outbox hands it to the mail server. */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
  attachments?: { filename: string; content: string; contentType: string }[]
}

/** How an attempt went: taken, not taken this time (tried again), or refused for good (5xx). */
export type SendOutcome = 'sent' | 'failed' | 'refused'

/**
 * One SMTP transport per server address, made when the first mail goes out; nodemailer is loaded then too,
 * as an optional backend is (docs/operations.md "Node"). Null without SMTP_URL (mails stay in the outbox).
 */
export function mailer(config: Config): () => Promise<MailTransport | null> {
  let transport: MailTransport | null = null
  return async () => {
    if (!config.smtpUrl) return null
    // Bounded waits (MAIL_TIMEOUT_SECONDS): a silent mail server holds a send this long at most, and a send
    // never holds a database connection (callers send outside any transaction).
    transport ??= (await import('nodemailer')).default.createTransport({
      url: config.smtpUrl,
      connectionTimeout: config.mailTimeoutSeconds * 1000,
      greetingTimeout: config.mailTimeoutSeconds * 1000,
      socketTimeout: config.mailTimeoutSeconds * 1500,
    })
    return transport
  }
}

/** A refusal for good (5xx) as against a mail server that did not answer or asked to come back (4xx). */
const refusedForGood = (error: unknown) => Number((error as { responseCode?: unknown }).responseCode) >= 500

/** One attempt at handing a mail to the mail server, outside any transaction. */
export async function sendOnce(
  transport: MailTransport,
  config: Config,
  log: FastifyBaseLogger,
  mail: OutgoingMail,
): Promise<SendOutcome> {
  try {
    await transport.sendMail({ from: config.mailFrom, ...mail })
    return 'sent'
  } catch (error) {
    log.warn({ err: error, subject: mail.subject }, 'mail: the mail server did not take it')
    return refusedForGood(error) ? 'refused' : 'failed'
  }
}
