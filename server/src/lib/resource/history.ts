import { HISTORY_LIMIT, historyEntry, isPermissionName } from '@vod/contract'
import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { auditLogs } from '../../db/schema/index.ts'
import { idParams } from '../id-param.ts'
import { dataOf, recordErrors } from '../responses.ts'
import { changesAs, narrowedFields } from './field-access.ts'
import { permissionOf } from './permissions.ts'
import { readRecord, type View } from './view.ts'

/**
 * `GET /{path}/{id}/history`: a record's own entries of the audit trail, newest first, for every resource
 * whose catalogue names `history-{path}` (members, orders). Its own permission, not the record's list: a
 * role holding list-users had never read the trail, so none reads it now without being given it; and
 * not list-audit-logs, which reads every admin's every act and needs the admins list to filter it. The
 * record must be in the caller's reach (channel scope) as its page is: 404 otherwise.
 */
export function defineHistory(
  path: string,
  view: View,
  scopeOf: (request: FastifyRequest) => SQL | undefined,
) {
  const permission = permissionOf('history', path)
  if (!isPermissionName(permission)) return undefined
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
        const fields = narrowedFields(request, path)
        const rows = await db
          .select({
            id: auditLogs.id,
            admin_id: auditLogs.adminId,
            admin_username: auditLogs.adminUsername,
            resource: auditLogs.resource,
            record_id: auditLogs.recordId,
            action: auditLogs.action,
            // Its old and new values as the caller may read them (field-access.ts).
            changes: fields
              ? sql<Record<
                  string,
                  unknown
                > | null>`${changesAs(auditLogs.changes, auditLogs.resource, { [path]: fields })}`
              : auditLogs.changes,
            created_at: sql<string>`vod_wire(${auditLogs.createdAt})`,
          })
          .from(auditLogs)
          .where(and(eq(auditLogs.resource, path), eq(auditLogs.recordId, id)))
          .orderBy(desc(auditLogs.id))
          .limit(HISTORY_LIMIT)
        return { data: rows }
      },
    )
  }
}
