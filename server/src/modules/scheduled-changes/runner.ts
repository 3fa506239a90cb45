import type { PresenceSaved, ScheduledAction, ScheduledResource } from '@vod/contract'
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { type Db, queryRows } from '../../db/client.ts'
import { scheduledChanges } from '../../db/schema/index.ts'
import { attributeName, type MessageKey, type MessageParams, translate } from '../../i18n/index.ts'
import { audit } from '../../lib/audit.ts'
import { ApiError } from '../../lib/errors.ts'
import type { PresenceHub } from '../../lib/presence/hub.ts'
import { savedBy } from '../../lib/presence/saves.ts'
import { mayMake, operations } from './operations.ts'
import { requestAs, schedulerOf } from './scheduler.ts'

interface Due {
  id: number
  resource: ScheduledResource
  record_id: number
  action: ScheduledAction
  reason: string | null
  created_by: number
  late: boolean
}

type Said = { en: string; 'zh-CN': string }

const say = (key: MessageKey, params: MessageParams = {}): Said => ({
  en: translate('en', key, params),
  'zh-CN': translate('zh-CN', key, params),
})

/** A refusal as the API would have answered it: its message, and each field's (422) after it. */
function refusal(error: ApiError): Said {
  const said = (lang: 'en' | 'zh-CN') => {
    const fields = Object.entries(error.fields ?? {}).flatMap(([field, errors]) =>
      errors.map((e) => translate(lang, e.key, { attribute: attributeName(lang, field), ...e.params })),
    )
    const top = error.fields ? '' : translate(lang, error.key, error.params)
    return [top, ...fields].filter(Boolean).join(' ')
  }
  return { en: said('en'), 'zh-CN': said('zh-CN') }
}

const joined = (first: Said, second: Said | null): Said =>
  second ? { en: `${first.en} ${second.en}`, 'zh-CN': `${first['zh-CN']}${second['zh-CN']}` } : first

/**
 * Runs one due change, if any is left: claims the oldest due pending row with SKIP LOCKED and makes the
 * change in the same transaction, so the row runs once across processes, and a process dying mid-run
 * rolls the claim back with the change (another process runs it). The change is the manual write itself
 * (operations.ts) on the scheduler's behalf, in a savepoint: a rule it breaks rolls back the change only,
 * and the row is `failed` with the rule's message. `late` when its time passed more than `lateAfterMs`
 * before it ran (no process was up then). Answers null when no row was due, else the record's save when
 * the change was made (for the pages open on it, once committed).
 */
async function runOneDue(
  db: Db,
  log: FastifyBaseLogger,
  lateAfterMs: number,
): Promise<{ saved: PresenceSaved | null } | null> {
  return db.transaction(async (tx) => {
    const [due] = await queryRows<Due>(
      tx,
      sql`select id, resource, record_id, action, reason, created_by,
          run_at < now() - make_interval(secs => ${lateAfterMs / 1000}) as late
        from ${scheduledChanges}
        where state = 'pending' and run_at <= now()
        order by run_at, id limit 1 for update skip locked`,
    )
    if (!due) return null
    let saved: PresenceSaved | null = null
    const admin = await schedulerOf(tx, due.created_by)
    const mark = { id: due.id, late: due.late }
    let failure: Said | null = null
    if (!admin) failure = say('scheduled.scheduler_gone')
    else if (!mayMake(admin.permissions, due)) failure = say('scheduled.not_permitted')
    else {
      try {
        const record = await operations[due.resource][due.action].run(tx, requestAs(admin, log, mark), due)
        const version = (record as { version?: unknown } | null)?.version
        if (typeof version === 'string') saved = savedBy(due.resource, due.record_id, version, admin, true)
      } catch (error) {
        if (!(error instanceof ApiError))
          log.error({ err: error, scheduledChange: due.id }, 'scheduled change broke')
        failure = error instanceof ApiError ? refusal(error) : say('scheduled.broken')
      }
    }
    const state = failure ? 'failed' : 'done'
    const result = joined(
      failure ?? say(due.action === 'publish' ? 'scheduled.done_publish' : 'scheduled.done_take_down'),
      due.late ? say('scheduled.late') : null,
    )
    await tx
      .update(scheduledChanges)
      .set({ state, result, ranAt: sql`now()`, late: due.late, noticed: false })
      .where(eq(scheduledChanges.id, due.id))
    // The row's own trail: that it ran, how, and whether late; on the scheduler's behalf.
    const request = admin
      ? requestAs(admin, log, mark)
      : ({ admin: null, ip: null } as unknown as Parameters<typeof audit>[1])
    await audit(tx, request, {
      resource: 'scheduled-changes',
      recordId: due.id,
      action: 'run',
      changes: { state: ['pending', state], late: due.late, result: result.en },
      ...(admin ? {} : { actor: { id: due.created_by, username: null } }),
    })
    return { saved }
  })
}

/** Runs every due change, one at a time, until none is left; the pages open on a changed record are told. */
async function runDue(
  db: Db,
  hub: PresenceHub,
  log: FastifyBaseLogger,
  lateAfterMs: number,
): Promise<number> {
  let ran = 0
  for (let run = await runOneDue(db, log, lateAfterMs); run; run = await runOneDue(db, log, lateAfterMs)) {
    ran++
    if (run.saved) hub.saved(`${run.saved.resource}/${run.saved.id}`, run.saved)
  }
  return ran
}

/**
 * Each process's runner: a pass once the app is ready (changes missed while no process was up run at
 * once, late), then every SCHEDULED_CHANGES_INTERVAL_MS; a pass still going skips the tick. Stops on
 * close, after the pass under way, so the database is not closed beneath it.
 */
export function startScheduledChanges(
  app: FastifyInstance,
  db: Db,
  hub: PresenceHub,
  intervalMs: number,
): void {
  // A change is late when it ran well after a running process would have: two passes and a minute.
  const lateAfterMs = 2 * intervalMs + 60_000
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let closed = false
  const pass = () => {
    if (closed) return
    running ??= runDue(db, hub, app.log, lateAfterMs)
      .then((count) => {
        if (count > 0) app.log.info({ count }, 'ran scheduled changes')
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'scheduled changes: the pass stopped'))
      .finally(() => {
        running = undefined
      })
  }
  app.addHook('onReady', async () => {
    pass()
    timer = setInterval(pass, intervalMs).unref()
  })
  app.addHook('onClose', async () => {
    closed = true
    clearInterval(timer)
    await running
  })
}
