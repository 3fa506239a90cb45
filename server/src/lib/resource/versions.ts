import { staleAnswer } from '@vod/contract/versions'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { admins, auditLogs } from '../../db/schema/index.ts'
import { ApiError } from '../errors.ts'
import type { WireRecord } from './types.ts'

/**
 * Edits never overwrite unseen changes (contract/src/versions.ts, docs/resources.md "Versions"): a write to an
 * existing record made from a version the record has moved on from answers 412 and writes nothing. The check
 * runs once the record's row is locked (write-steps.ts `begin`, deletions.ts for a restore), so no write of
 * another process can slip between the check and this write.
 */

/** The 412 answer and the If-Match header, as every write route declares them. */
export const staleErrors = { 412: staleAnswer } as const
export const versionHeaders = z.looseObject({
  'if-match': z.string().max(1000).optional().meta({
    description: 'The version the write was made from, `"<version>"`; 412 when the record has another.',
  }),
})

/** The rows' versions a bulk request sent, by id (its rows have no header each). */
const bulkVersions = new WeakMap<FastifyRequest, Record<string, string>>()

/** A bulk request's rows are checked against these versions, not its If-Match. */
export function checkRowsAgainst(request: FastifyRequest, versions: Record<string, string>) {
  bulkVersions.set(request, versions)
}

/** The entity tags of an If-Match header: `"734"`, `W/"734"`, `734`, `*`, or several separated by commas. */
function entityTags(header: string): string[] {
  return header
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter((tag) => tag !== '')
}

/** The versions a write to record `id` may find, or undefined when the request names none (no check). */
function versionsWanted(request: FastifyRequest, id: number): string[] | undefined {
  const rows = bulkVersions.get(request)
  if (rows) {
    const version = rows[String(id)]
    return version === undefined ? undefined : [version]
  }
  const header = request.headers['if-match']
  return header === undefined ? undefined : entityTags(header)
}

/** Where a record's changes are written on the trail: its own entries, or an owned child's on its owner's. */
export interface Trail {
  resource: string
  recordId: number
}

/**
 * Throws 412 unless the record's version is one the request may find. Names who made the record's current
 * version and when: the entry of its trail written by the same transaction as its row (the machinery writes
 * both together, so they share `xmin`); none when the row was last written elsewhere (the member site, SQL).
 */
export async function assertVersion(
  tx: Db,
  request: FastifyRequest,
  found: {
    id: number
    version: string
    /** The record as the caller may read it (its field rules applied), read only for the 412. */
    record: (() => Promise<WireRecord>) | null
    readable: boolean
    trail: Trail
  },
) {
  const wanted = versionsWanted(request, found.id)
  if (!wanted || wanted.includes('*') || wanted.includes(found.version)) return
  const [entry] = await tx
    .select({
      by: auditLogs.adminUsername,
      // Their name as the screens show people ("the other editor by name"), their login where it is blank.
      name: sql<string | null>`nullif(${admins.name}, '')`,
      at: sql<string>`vod_wire(${auditLogs.createdAt})`,
    })
    .from(auditLogs)
    .leftJoin(admins, eq(admins.id, auditLogs.adminId))
    .where(
      and(
        eq(auditLogs.resource, found.trail.resource),
        eq(auditLogs.recordId, found.trail.recordId),
        sql`${auditLogs}.xmin::text = ${found.version}`,
      ),
    )
    .orderBy(desc(auditLogs.id))
    .limit(1)
  const error = entry
    ? new ApiError(412, 'errors.stale', { who: entry.by ?? '?', when: entry.at })
    : new ApiError(412, 'errors.stale_elsewhere')
  error.extra = {
    version: found.version,
    changed_by: entry?.by ?? null,
    changed_by_name: entry ? (entry.name ?? entry.by ?? null) : null,
    changed_at: entry?.at ?? null,
    ...(found.readable && found.record ? { data: await found.record() } : {}),
  }
  throw error
}
