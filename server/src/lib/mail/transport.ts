import type { FastifyInstance } from 'fastify'
import type nodemailer from 'nodemailer'
import type { Config } from '../../config.ts'

type MailTransport = ReturnType<typeof nodemailer.createTransport>

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
type SendOutcome = 'sent' | 'failed' | 'refused'

export interface MailSender {
  /**
   * One attempt at handing a mail to the mail server, outside any transaction, over by `until` (a time in
   * ms) whatever the server does, or as soon as the app closes: 'failed' then, the mail left to the outbox.
   */
  send(mail: OutgoingMail, until: number): Promise<SendOutcome>
  /** Whether the app is closing: no further attempt is begun. */
  readonly closing: boolean
}

/** A refusal for good (5xx) as against a mail server that did not answer or asked to come back (4xx). */
const refusedForGood = (error: unknown) => Number((error as { responseCode?: unknown }).responseCode) >= 500

/**
 * The sends of one module of this process (member mails, reports) through SMTP_URL's server; nodemailer is
 * loaded as the first mail goes out, as an optional backend is (docs/operations.md "Node"). nodemailer's
 * timeouts count silence only (MAIL_TIMEOUT_SECONDS): a server that keeps answering, a `250-` line at a
 * time, would hold an attempt as long as it likes, past the outbox's lease, and another process would send
 * the mail again. So each attempt is also cut at a time of its own (lib/mail/outbox.ts attemptUntil), its
 * connection destroyed, whatever stage it is at.
 */
export function mailSender(app: FastifyInstance, config: Config): MailSender {
  let transport: MailTransport | null = null
  const closing = new AbortController()
  const running = new Set<Promise<unknown>>()
  app.addHook('onClose', async () => {
    closing.abort()
    await Promise.allSettled(running)
  })

  async function attempt(mail: OutgoingMail, until: number): Promise<SendOutcome> {
    const left = until - Date.now()
    if (!config.smtpUrl || closing.signal.aborted || left <= 0) return 'failed'
    transport ??= (await import('nodemailer')).default.createTransport({
      url: config.smtpUrl,
      connectionTimeout: config.mailTimeoutSeconds * 1000,
      greetingTimeout: config.mailTimeoutSeconds * 1000,
      socketTimeout: config.mailTimeoutSeconds * 1500,
      // An attempt cut short ends its connection at once: nothing the server says after counts.
      socketCloseTimeout: 0,
    })
    try {
      await transport.sendMail({
        from: config.mailFrom,
        ...mail,
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(left)]),
      })
      return 'sent'
    } catch (error) {
      // What went wrong, never to whom or about what: the error carries the refused addresses and the
      // server's answer quoting them, and a subject may name a member's ticket (issue 65).
      const { code, command, responseCode } = error as {
        code?: string
        command?: string
        responseCode?: number
      }
      app.log.warn({ code, command, responseCode }, 'mail: the mail server did not take it')
      return refusedForGood(error) ? 'refused' : 'failed'
    }
  }

  return {
    send(mail, until) {
      const sent = attempt(mail, until)
      running.add(sent)
      void sent.finally(() => running.delete(sent))
      return sent
    },
    get closing() {
      return closing.signal.aborted
    },
  }
}
