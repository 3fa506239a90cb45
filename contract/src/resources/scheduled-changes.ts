import { z } from 'zod'
import { defineActions, REASON_MAX } from '../actions.ts'
import type { FieldLabels } from '../labels.ts'
import { defineContract } from '../resource.ts'
import { flag, instant, instantInput, recordId } from '../values.ts'

/** The resources whose records may be published or taken down at a time (docs/scheduled-changes.md). */
export const scheduledResources = ['videos', 'posts', 'banners', 'promotions', 'blocks'] as const
export type ScheduledResource = (typeof scheduledResources)[number]

export const scheduledActions = ['publish', 'take_down'] as const

/** Whose take-down asks why, as their manual unpublish does (its `reason`): a scheduled one says it beforehand. */
export const scheduledTakeDownAsksWhy: Readonly<Record<string, boolean>> = { videos: true, posts: true }
export type ScheduledAction = (typeof scheduledActions)[number]

/**
 * `pending` until its time; then `done` or `failed` (with the reason), once; `cancelled` by staff before it.
 */
export const scheduledStates = ['pending', 'done', 'failed', 'cancelled'] as const

/**
 * What a scheduled change's run answered, in both languages of the screens (the scheduler reads it later); a
 * language the row lacks (written by hand, say) is absent, never a 500.
 */
const runResult = z
  .object({ en: z.string().optional(), 'zh-CN': z.string().optional() })
  .meta({ id: 'ScheduledResult' })

const scheduledInput = z.object({
  resource: z.enum(scheduledResources),
  record_id: recordId,
  action: z.enum(scheduledActions),
  /** When it runs: any instant; one already past runs at the runner's next pass. */
  run_at: instantInput,
  /** Why, where the manual take-down asks why (a video's, a post's); kept in the record's audit entry. */
  reason: z.string().trim().max(REASON_MAX).nullable().optional(),
})

/** Only the time, the action and the reason change; the record it is about stays. */
const scheduledUpdate = scheduledInput.pick({ action: true, run_at: true, reason: true }).partial()

const scheduledRecord = z
  .object({
    id: recordId,
    resource: z.enum(scheduledResources),
    record_id: recordId,
    action: z.enum(scheduledActions),
    run_at: instant,
    reason: z.string().nullable(),
    state: z.enum(scheduledStates),
    /** What the run did or why it was refused (the rule's message), once it ran. */
    result: runResult.nullable(),
    ran_at: instant.nullable(),
    /** 1: no process was up at `run_at`, so it ran when one started. */
    late: flag,
    /** Who scheduled it (set from the caller; never written). */
    created_by: recordId,
    created_by_name: z.string().nullable(),
    /** 1 once its scheduler has seen the notice of its run. */
    noticed: flag,
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'ScheduledChange' })
export type ScheduledChange = z.infer<typeof scheduledRecord>

const scheduledChangeActions = defineActions({
  cancel: { from: ['pending'], to: 'cancelled', field: 'state' },
})

const scheduledChangeLabels = {
  resource: ['Record type', '记录类型'],
  record_id: ['Record', '记录'],
  action: ['Change', '变更'],
  run_at: ['Runs at', '执行时间'],
  reason: ['Reason', '原因'],
  state: ['State', '状态'],
  result: ['Result', '结果'],
  ran_at: ['Ran at', '执行于'],
  late: ['Late', '延迟执行'],
  created_by: ['Scheduled by', '安排人'],
  created_by_name: ['Scheduled by', '安排人'],
  noticed: ['Seen', '已读'],
} as const satisfies FieldLabels

/**
 * Changes scheduled ahead (issue 67 item 4): a record published or taken down at a time, by every server
 * process's runner, once, through the same write as the manual one. Open to any logged-in admin: each row
 * is checked against the caller's permissions on the record's resource (docs/scheduled-changes.md).
 */
export const scheduledChangesContract = defineContract({
  path: 'scheduled-changes',
  record: scheduledRecord,
  input: scheduledInput,
  update: scheduledUpdate,
  fieldLabels: scheduledChangeLabels,
  operations: ['list', 'show', 'create', 'edit'],
  actions: scheduledChangeActions,
  list: {
    sortable: ['id', 'run_at', 'ran_at', 'created_at'],
    defaultSort: 'run_at',
    filters: {
      resource: true,
      record_id: recordId,
      state: true,
      action: true,
      created_by: true,
      /** 1: no longer pending (ran or cancelled); 0: pending. */
      past: flag,
      /** 1: ran (done or failed) and its scheduler has not seen the notice yet. */
      unseen: flag,
    },
    ranges: { run_at: true },
  },
})
