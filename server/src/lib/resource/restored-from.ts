import { historyPermissionOf } from '@vod/contract'
import { RESTORE_VALUES_ACTION, RESTORED_FROM_HEADER } from '@vod/contract/versions'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { auditLogs } from '../../db/schema/index.ts'
import { invalidField } from '../errors.ts'
import type { Resolved } from './types.ts'

/** What the trail writes instead of a secret (audit.ts): no value to restore. */
const SECRET_MARK = '[changed]'
const ENTRY_ID = /^[1-9]\d{0,9}$/

/**
 * The entries whose changes are `{field: [old, new]}` of the record itself: edits, earlier restores, and
 * the resource's own actions. Not a create or delete (the record itself), an undone delete (`restore`), nor
 * an owned child's (`update-campaigns`), whose fields are the child's.
 */
const restorableActions = (spec: Resolved) =>
  new Set(['update', RESTORE_VALUES_ACTION, ...Object.keys(spec.actions)])

/**
 * A PUT restoring values from the record's history (X-Restored-From, contract/src/versions.ts): the entry
 * it names, once checked to be one of this record's own restorable entries, read by a caller who may read
 * the history, and to have changed every field the body sends (from a value the trail kept: no secret).
 * Anything else is one 422 on `restored_from`, the same whether the entry exists or not, so the header
 * tells nothing of other records' trails. Undefined when the header is absent: a plain edit. The values
 * themselves are the body's, and go through every rule an edit runs.
 */
export async function restoredFrom(
  db: Db,
  request: FastifyRequest,
  spec: Resolved,
  id: number,
  body: Record<string, unknown>,
): Promise<number | undefined> {
  const header = request.headers[RESTORED_FROM_HEADER]
  if (header === undefined) return undefined
  const text = Array.isArray(header) ? header.join(',') : header.trim()
  const refused = () => invalidField('restored_from', 'history.not_restorable', { entry: text.slice(0, 20) })
  if (!ENTRY_ID.test(text)) throw refused()
  if (request.admin?.permissions.has(historyPermissionOf(spec.path)) !== true) throw refused()
  const entryId = Number(text)
  const [entry] = await db
    .select({ action: auditLogs.action, changes: auditLogs.changes })
    .from(auditLogs)
    .where(and(eq(auditLogs.id, entryId), eq(auditLogs.resource, spec.path), eq(auditLogs.recordId, id)))
  const changes = entry?.changes as Record<string, unknown> | null | undefined
  if (!entry || !changes || !restorableActions(spec).has(entry.action)) throw refused()
  const sent = Object.keys(body).filter((field) => body[field] !== undefined)
  if (sent.length === 0) throw refused()
  for (const field of sent) {
    const pair = Object.hasOwn(changes, field) ? changes[field] : undefined
    if (!Array.isArray(pair) || pair.length !== 2 || pair[0] === SECRET_MARK)
      throw invalidField(field, 'history.not_changed', { entry: entryId, field })
  }
  return entryId
}
