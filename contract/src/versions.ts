import { z } from 'zod'
import { ID_MAX } from './rules.ts'
import { instant } from './values.ts'

/**
 * Edits never overwrite unseen changes (docs/resources.md "Versions"). Every record a resource answers
 * carries `version`, an opaque text that changes with every write of the record's row, by any path (this API,
 * the member site, SQL). A write to an existing record (update, delete, action, restore, each bulk row) may
 * send the version it was made from, `If-Match: "<version>"` (bulk rows: `versions` in the body); when the
 * record has moved on since, it answers 412 (StaleAnswer) and writes nothing.
 *
 * A field rather than an `ETag` header because lists carry it too: a bulk action sends each selected row's
 * version as its list showed it, and one list answer has no header per row.
 */
export const recordVersion = z
  .string()
  .min(1)
  .max(32)
  .meta({ description: "The record's version: send it back as If-Match with a write made from it." })

/**
 * A bulk request's versions of its rows, by id: `{"12": "734"}`. A key is an id as the API writes it
 * (`"032"` or `"0"` is no id, 422): the rows are matched to their versions by that text, so a key written
 * otherwise would leave its row unchecked.
 */
export const rowVersions = z.record(
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .refine((key) => Number(key) <= ID_MAX),
  recordVersion,
)

/**
 * 412: the record changed since the version the write was made from; nothing was written. Names the latest
 * change on the record's trail (who, by login and by name, and when; null when the trail has none, a change made
 * elsewhere), and the
 * record as it is now (`data`, to a caller who may read it) with its new version.
 */
export const staleAnswer = z
  .object({
    message: z.string(),
    version: recordVersion,
    changed_by: z.string().nullable(),
    /** The display name of that admin, as the screens name people (null with changed_by, or once deleted). */
    changed_by_name: z.string().nullable(),
    changed_at: instant.nullable(),
    data: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'StaleAnswer' })
export type StaleAnswer = z.infer<typeof staleAnswer>

/** A record as an answer carries it: its fields and its version. */
export type Versioned<T> = T & { version: string }

/**
 * A PUT that restores values from a record's history names the entry they come from in this header
 * (`X-Restored-From: <audit entry id>`): the server checks that the entry is one of the record's own, that
 * each field sent is one it changed, and audits the write as `restore-values` with `restored_from` (docs/resources.md
 * "History and restore"). The write is otherwise a normal edit: its If-Match, rules and field rules.
 */
export const RESTORED_FROM_HEADER = 'x-restored-from'

/** The audit action of a write that restored values from an entry of the record's history. */
export const RESTORE_VALUES_ACTION = 'restore-values'
