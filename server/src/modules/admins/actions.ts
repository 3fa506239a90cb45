import type { AdminStatus, AllocatedMember, allocatedMemberSortable } from '@vod/contract'
import { eq, inArray } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { revokeSessionsOf } from '../../auth/sessions.ts'
import { ensureSuperAdminRemains, lockSuperAdmins } from '../../auth/super-admins.ts'
import { admins, adminUsers, users } from '../../db/schema/index.ts'
import { audit } from '../../lib/audit.ts'
import { conflict } from '../../lib/errors.ts'
import { idParams } from '../../lib/id-param.ts'
import { defineList, type ListQuery, listResponse } from '../../lib/list/index.ts'
import { dataOf, errorBody, recordErrors } from '../../lib/responses.ts'
import { adminOf } from '../../plugins/access.ts'
import type { ModuleOptions } from '../types.ts'
import { adminRecord, lockAdmin, presentAdmin } from './records.ts'

const allocatedMember = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    assigned_at: z.string(),
  })
  .meta({ id: 'AllocatedMember' }) satisfies z.ZodType<AllocatedMember>

// Pages through the assignments; the members' own fields are read for that page only.
const members = defineList({
  table: adminUsers,
  columns: { userId: adminUsers.userId, assignedAt: adminUsers.assignedAt },
  sortable: { id: adminUsers.userId, assigned_at: adminUsers.assignedAt } satisfies Record<
    (typeof allocatedMemberSortable)[number],
    PgColumn
  >,
  defaultSort: '-assigned_at',
})

const tags = ['admins']
const actionErrors = { ...recordErrors, 409: errorBody } as const

/** enable, disable, resetQRCode and the allocated members of one admin. */
export async function adminActions(app: FastifyInstance, { db }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  async function setStatus(request: FastifyRequest, id: number, status: AdminStatus) {
    const me = adminOf(request)
    return db.transaction(async (tx) => {
      const disabling = status === 'disabled'
      if (disabling) await lockSuperAdmins(tx)
      const row = await lockAdmin(tx, id)
      if (row.status === status) throw conflict(`admins.already_${status}`)
      if (disabling && id === me.id) throw conflict('admins.self_disable')
      await tx.update(admins).set({ status }).where(eq(admins.id, id))
      if (disabling) {
        await ensureSuperAdminRemains(tx)
        await revokeSessionsOf(tx, id)
      }
      await audit(tx, request, {
        resource: 'admins',
        recordId: id,
        action: disabling ? 'disable' : 'enable',
        changes: { status: [row.status, status] },
      })
      return { data: await presentAdmin(tx, id) }
    })
  }

  r.post(
    '/admins/:id/enable',
    {
      config: { permission: 'enable-admins' },
      schema: {
        tags,
        summary: 'Enable an admin (409 when it is enabled already)',
        params: idParams,
        response: { 200: dataOf(adminRecord), ...actionErrors },
      },
    },
    (request) => setStatus(request, request.params.id, 'enabled'),
  )

  r.post(
    '/admins/:id/disable',
    {
      config: { permission: 'disable-admins' },
      schema: {
        tags,
        summary: 'Disable an admin and end its sessions',
        description: '409 when it is disabled already, for yourself, and for the last enabled super-admin.',
        params: idParams,
        response: { 200: dataOf(adminRecord), ...actionErrors },
      },
    },
    (request) => setStatus(request, request.params.id, 'disabled'),
  )

  r.post(
    '/admins/:id/resetQRCode',
    {
      config: { permission: 'reset-qrcode-admins' },
      schema: {
        tags,
        summary: "Clear an admin's authenticator binding and end its sessions",
        description:
          'Its next login binds an authenticator afresh (when two-factor applies). 409 when none is bound.',
        params: idParams,
        response: { 200: dataOf(adminRecord), ...actionErrors },
      },
    },
    async (request) => {
      const me = adminOf(request)
      const { id } = request.params
      return db.transaction(async (tx) => {
        const row = await lockAdmin(tx, id)
        if (row.secret === null && row.pending === null) throw conflict('admins.not_bound')
        await tx
          .update(admins)
          .set({ twoFactorSecret: null, twoFactorPendingSecret: null })
          .where(eq(admins.id, id))
        await revokeSessionsOf(tx, id, { except: me.sessionId })
        await audit(tx, request, {
          resource: 'admins',
          recordId: id,
          action: 'reset-qrcode',
          changes: { two_factor_bound: [row.secret === null ? 0 : 1, 0] },
        })
        return { data: await presentAdmin(tx, id) }
      })
    },
  )

  r.get(
    '/admins/:id/allocated-members',
    {
      config: { permission: 'list-admins' },
      schema: {
        tags,
        summary: 'The members assigned to an admin',
        params: idParams,
        querystring: members.query,
        response: { 200: listResponse(allocatedMember), ...recordErrors },
      },
    },
    async (request) => {
      const { id } = request.params
      await presentAdmin(db, id)
      const page = await members.run(db, request.query as ListQuery, eq(adminUsers.adminId, id))
      const ids = page.data.map((row) => row.userId)
      const found =
        ids.length === 0
          ? []
          : await db
              .select({ id: users.id, username: users.username, email: users.email })
              .from(users)
              .where(inArray(users.id, ids))
      const byId = new Map(found.map((u) => [u.id, u]))
      return {
        data: page.data.flatMap((row) => {
          const user = byId.get(row.userId)
          return user ? [{ ...user, assigned_at: row.assignedAt.toISOString() }] : []
        }),
        meta: page.meta,
      }
    },
  )
}
