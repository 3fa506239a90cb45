import { z } from 'zod'
import { actionReason } from './actions.ts'
import { instant, recordId } from './values.ts'
import { rowVersions } from './versions.ts'

/**
 * Bulk actions and undo, for every resource (docs/resources.md "Bulk actions and undo"). A bulk request names
 * its rows (`{"ids": [...]}`) or takes every row its list's filters match (`{"all": 1}` with the list's query
 * in the URL); past BULK_LIMIT rows it is refused whole (422). Each row is done or refused on its own.
 */
export const BULK_LIMIT = 1000

/**
 * How long a delete can be undone, in seconds: the "Deleted. Undo" notice shows this long, and a bulk
 * delete's result dialog holds it (up to UNDO_HOLD_SECONDS) for as long as it is open to be read.
 */
export const UNDO_SECONDS = 60

/**
 * The window counts only while its notice is on screen: while the page is hidden the web app holds it (up to
 * this long after the delete), and gives it back what was left when it shows again
 * (`POST /api/deletions/{batch}/window`).
 */
export const UNDO_HOLD_SECONDS = 600

export const undoWindowInput = z.strictObject({
  /** Seconds from now the delete stays undoable: what was left when hidden, or the hold while hidden. */
  seconds: z.number().int().min(1).max(UNDO_HOLD_SECONDS),
})

const bulkRows = {
  ids: z.array(recordId).min(1).max(BULK_LIMIT).optional(),
  all: z.literal(1).optional(),
  /** The version each row was seen at (versions.ts): a row changed since is refused 412, the others go on. */
  versions: rowVersions.optional(),
}

const rowsNamed = (value: { ids?: unknown; all?: unknown }, ctx: z.RefinementCtx) => {
  if ((value.ids === undefined) === (value.all === undefined))
    ctx.addIssue({ code: 'custom', path: ['ids'], message: 'validation.bulk_rows' })
}

export const bulkInput = z.strictObject(bulkRows).superRefine(rowsNamed)
/** A bulk action that asks why (ActionSpec.reason): the rows and one reason for all of them. */
export const bulkReasonInput = z.strictObject({ ...bulkRows, ...actionReason.shape }).superRefine(rowsNamed)
export type BulkInput = z.infer<typeof bulkInput>

/** One row's outcome: done, or refused with the status and message a single request would have had. */
const bulkRowResult = z.object({
  id: recordId,
  result: z.enum(['done', 'refused']),
  status: z.number().int().optional(),
  message: z.string().optional(),
})
export type BulkRowResult = z.infer<typeof bulkRowResult>

export const bulkAnswer = z
  .object({
    data: z.array(bulkRowResult),
    meta: z.object({ done: z.number().int(), refused: z.number().int() }),
  })
  .meta({ id: 'BulkAnswer' })
export type BulkAnswer = z.infer<typeof bulkAnswer>

/** One delete that can still be undone (`GET /api/deletions`): what went, by whom's request, until when. */
export const deletionRecord = z
  .object({
    batch: z.string(),
    resource: z.string(),
    ids: z.array(recordId),
    labels: z.array(z.string()),
    /** The version each record was deleted at: its undo sends them, so a stale notice's undo is refused 412. */
    versions: rowVersions,
    deleted_at: instant,
    expires_at: instant,
  })
  .meta({ id: 'Deletion' })
export type Deletion = z.infer<typeof deletionRecord>
