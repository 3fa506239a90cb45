import { type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.ts'
import { type Db, queryRows } from '../../db/client.ts'
import { MAX_MAIL_ATTEMPTS } from './transport.ts'

/**
 * How long a claimed mail is left to the process that claimed it before another may try it: its retry
 * period, and at least as long as an attempt can take (the mail server's connect, greeting and silence, each
 * bounded by MAIL_TIMEOUT_SECONDS, with room to make the mail), so a slow attempt is never doubled by another
 * process while it is still under way; a process that died holds it no longer than this.
 */
const leaseSeconds = (config: Config) => Math.max(config.mailRetrySeconds, 4 * config.mailTimeoutSeconds)

/**
 * The mail outbox's tables (member_mails, report_deliveries) share these columns: `pending` while the mail
 * server has not taken a mail, `attempts` made so far, `tried_at` of the last. Claims one pending mail whose
 * last try is a lease old (and that `due` holds of), counting the attempt, or none. Any process may: rows
 * are claimed with SKIP LOCKED, and the claim commits before the mail server is spoken to.
 */
export async function claimDue(
  db: Db,
  table: PgTable,
  config: Config,
  due: SQL = sql`true`,
): Promise<number | null> {
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
  return row?.id ?? null
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
