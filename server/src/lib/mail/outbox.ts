import { type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.ts'
import { type Db, queryRows } from '../../db/client.ts'
import { MAX_MAIL_ATTEMPTS } from './transport.ts'

/**
 * How long one attempt at a mail may last from its claim, making the mail and speaking to the mail server
 * included: the server's connect, greeting and silence are each bounded by MAIL_TIMEOUT_SECONDS, and the
 * whole attempt by three of them (lib/mail/transport.ts cuts it there), however the server answers.
 */
const attemptSeconds = (config: Config) => 3 * config.mailTimeoutSeconds

/**
 * How long a claimed mail is left to the process that claimed it before another may try it: its retry
 * period, and at least an attempt and one more MAIL_TIMEOUT_SECONDS to write down how it went, so an attempt
 * is always over before another process may begin one (a mail is never sent twice at once); a process that
 * died holds it no longer than this.
 */
const leaseSeconds = (config: Config) =>
  Math.max(config.mailRetrySeconds, attemptSeconds(config) + config.mailTimeoutSeconds)

/** When an attempt at a mail claimed at `claimed` (ms, taken before the claim) must be over. */
export const attemptUntil = (config: Config, claimed: number) => claimed + attemptSeconds(config) * 1000

/** A mail claimed for one attempt: its row, and when the attempt must be over (attemptUntil). */
export interface Claim {
  id: number
  until: number
}

/**
 * The mail outbox's tables (member_mails, report_deliveries) share these columns: `pending` while the mail
 * server has not taken a mail, `attempts` made so far, `tried_at` of the last. Claims one pending mail whose
 * last try is a lease old (and that `due` holds of), counting the attempt, or none. Any process may: rows
 * are claimed with SKIP LOCKED, and the claim commits before the mail server is spoken to. Its lease runs from
 * the claim, and so does the attempt's bound (attemptUntil).
 */
export async function claimDue(
  db: Db,
  table: PgTable,
  config: Config,
  due: SQL = sql`true`,
): Promise<Claim | null> {
  const claimed = Date.now()
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`update ${table} set attempts = attempts + 1, tried_at = now()
      where id = (
        select id from ${table}
        where pending and attempts < ${MAX_MAIL_ATTEMPTS}
          and tried_at < now() - make_interval(secs => ${leaseSeconds(config)}) and ${due}
        order by tried_at limit 1 for update skip locked)
      returning id`,
  )
  return row ? { id: row.id, until: attemptUntil(config, claimed) } : null
}

/**
 * Runs `pass` every MAIL_RETRY_SECONDS in this process, one at a time (a pass still running skips the
 * tick), until the app closes. A pass that fails is logged and the next tick tries again.
 */
export function everyMailPass(
  app: FastifyInstance,
  config: Config,
  name: string,
  pass: () => Promise<void>,
): void {
  let running = false
  const timer = setInterval(async () => {
    if (running) return
    running = true
    try {
      await pass()
    } catch (error) {
      app.log.warn({ err: error }, `${name}: the pass stopped`)
    } finally {
      running = false
    }
  }, config.mailRetrySeconds * 1000)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
