import { HISTORY_LIMIT, historyEntry, historyPermissionOf, isPermissionName } from '@vod/contract'
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { auditLogs } from '../../db/schema/index.ts'
import { idParams } from '../id-param.ts'
import { dataOf, recordErrors } from '../responses.ts'
import { changesAs, type NarrowedFields, narrowedFields } from './field-access.ts'
import type { HistoryAlso } from './types.ts'
import { readRecord, type View } from './view.ts'

/**
 * `GET /{path}/{id}/history`: a record's own entries of the audit trail, newest first, for every resource
 * with an edit, behind historyPermissionOf: `history-{path}` where the catalogue names it (members, orders),
 * else `edit-{path}` (who edits a record reads what was done to it, and restores from it). Not the record's
 * list: a role holding list-users had never read the trail, so none reads it now without being given it; and
 * not list-audit-logs, which reads every admin's every act and needs the admins list to filter it. The
 * record must be in the caller's reach (channel scope) as its page is: 404 otherwise. With `also`, the
 * entries of other records that are its (a member's refunds, its tickets solved) come in too, for who holds
 * what shows them on those records' pages; each names its resource and record.
 */
export function defineHistory(
  path: string,
  view: View,
  scopeOf: (request: FastifyRequest) => SQL | undefined,
  also: readonly HistoryAlso[] = [],
) {
  const permission = historyPermissionOf(path)
  if (!isPermissionName(permission)) return undefined

  /**
   * Which entries are the record's: its own, and those of `also` the caller may read, each with its
   * resource's field rules.
   */
  function entriesOf(request: FastifyRequest, id: number) {
    const rules: Record<string, NarrowedFields> = {}
    const own = narrowedFields(request, path)
    if (own) rules[path] = own
    const conditions = [and(eq(auditLogs.resource, path), eq(auditLogs.recordId, id))]
    for (const other of also) {
      if (request.admin?.permissions.has(other.permission) !== true) continue
      // Shown under that resource's rules, as its own history and the audit log show them (changesAs).
      const theirs = narrowedFields(request, other.resource)
      if (theirs) rules[other.resource] = theirs
      conditions.push(
        and(
          eq(auditLogs.resource, other.resource),
          inArray(auditLogs.action, [...other.actions]),
          sql`${auditLogs.recordId} in (${other.records(request, id)})`,
        ),
      )
    }
    return { where: or(...conditions), rules }
  }
  return async function routes(app: FastifyInstance, db: Db) {
    app.withTypeProvider<ZodTypeProvider>().get(
      `/${path}/:id/history`,
      {
        config: { permission },
        schema: {
          tags: [path],
          summary: `Who changed one of ${path}, and what: its latest ${HISTORY_LIMIT} audit entries`,
          params: idParams,
          response: { 200: dataOf(z.array(historyEntry)), ...recordErrors },
        },
      },
      async (request) => {
        const { id } = request.params
        await readRecord(db, view, id, scopeOf(request))
        const { where, rules } = entriesOf(request, id)
        const rows = await db
          .select({
            id: auditLogs.id,
            admin_id: auditLogs.adminId,
            admin_username: auditLogs.adminUsername,
            resource: auditLogs.resource,
            record_id: auditLogs.recordId,
            action: auditLogs.action,
            // Its old and new values as the caller may read them (field-access.ts).
            changes:
              Object.keys(rules).length > 0
                ? sql<Record<
                    string,
                    unknown
                  > | null>`${changesAs(auditLogs.changes, auditLogs.resource, rules)}`
                : auditLogs.changes,
            created_at: sql<string>`vod_wire(${auditLogs.createdAt})`,
          })
          .from(auditLogs)
          .where(where)
          .orderBy(desc(auditLogs.id))
          .limit(HISTORY_LIMIT)
        return { data: rows }
      },
    )
  }
}
