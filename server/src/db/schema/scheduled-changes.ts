import { scheduledActions, scheduledResources, scheduledStates } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { admins } from './auth.ts'
import { timestamps } from './columns.ts'

const listed = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/**
 * A record published or taken down at a time (contract/src/resources/scheduled-changes.ts). Each server
 * process's runner claims due `pending` rows with SKIP LOCKED inside the transaction of the change itself,
 * so a row runs once however many processes look, and a process that dies mid-run leaves it pending.
 */
export const scheduledChanges = pgTable(
  'scheduled_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    resource: text('resource', { enum: scheduledResources }).notNull(),
    recordId: integer('record_id').notNull(),
    action: text('action', { enum: scheduledActions }).notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    reason: varchar('reason', { length: 500 }),
    state: text('state', { enum: scheduledStates }).notNull().default('pending'),
    result: jsonb('result').$type<{ en: string; 'zh-CN': string }>(),
    ranAt: timestamp('ran_at', { withTimezone: true }),
    late: boolean('late').notNull().default(false),
    createdBy: integer('created_by')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    noticed: boolean('noticed').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('scheduled_changes_resource_check', sql`${t.resource} in (${listed(scheduledResources)})`),
    check('scheduled_changes_action_check', sql`${t.action} in (${listed(scheduledActions)})`),
    check('scheduled_changes_state_check', sql`${t.state} in (${listed(scheduledStates)})`),
    // The runner's claim: the due pending rows, oldest first.
    index('scheduled_changes_due_index').on(t.runAt).where(sql`${t.state} = 'pending'`),
    index('scheduled_changes_record_index').on(t.resource, t.recordId, t.runAt),
    index('scheduled_changes_created_by_index').on(t.createdBy, t.noticed),
  ],
)
