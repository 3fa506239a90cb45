import { adminCreateInput, type adminSortable, adminStatuses, adminUpdateInput } from '@vod/contract'
import { eq } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ensureGrantable } from '../../auth/grants.ts'
import { hashPassword, newPassword } from '../../auth/password.ts'
import { revokeSessionsOf } from '../../auth/sessions.ts'
import { ensureSuperAdminRemains, lockSuperAdmins } from '../../auth/super-admins.ts'
import type { Db } from '../../db/client.ts'
import { adminRoles, admins, roles } from '../../db/schema/index.ts'
import { audit, createdChanges, updatedChanges } from '../../lib/audit.ts'
import { FOREIGN_KEY_VIOLATION, postgresError, UNIQUE_VIOLATION } from '../../lib/db-errors.ts'
import { conflict, invalidField } from '../../lib/errors.ts'
import { idParams } from '../../lib/id-param.ts'
import { defineList, type ListQuery, listResponse } from '../../lib/list/index.ts'
import { dataOf, errorBody, protectedErrors, recordErrors } from '../../lib/responses.ts'
import { sameSet } from '../../lib/sets.ts'
import { adminOf } from '../../plugins/access.ts'
import type { ApiModule } from '../types.ts'
import { adminActions } from './actions.ts'
import { adminRecord, existingIds, lockAdmin, presentAdmin, presentAdmins } from './records.ts'

// The contract's field rules, with spec section 5's password rule and its own messages.
const createBody = adminCreateInput.extend({ password: newPassword })
const updateBody = adminUpdateInput.extend({ password: newPassword.optional() })

const list = defineList({
  table: admins,
  columns: { id: admins.id },
  sortable: {
    id: admins.id,
    username: admins.username,
    name: admins.name,
    status: admins.status,
    created_at: admins.createdAt,
    updated_at: admins.updatedAt,
  } satisfies Record<(typeof adminSortable)[number], PgColumn>,
  filters: { status: { column: admins.status, type: 'enum', values: adminStatuses } },
  ranges: { created_at: { column: admins.createdAt, type: 'date' } },
  keyword: [admins.username, admins.name, admins.phone, admins.email],
  defaultSort: '-id',
})

/** A duplicate username is the form's mistake (422), as is a role deleted while the form was open. */
function databaseRule(error: unknown): never {
  const pg = postgresError(error)
  if (pg?.code === UNIQUE_VIOLATION && pg.constraint === 'admins_username_unique')
    throw invalidField('username', 'validation.unique')
  if (pg?.code === FOREIGN_KEY_VIOLATION) throw invalidField('role_ids', 'validation.in')
  throw error
}

async function replaceRoles(tx: Db, adminId: number, roleIds: readonly number[]) {
  await tx.delete(adminRoles).where(eq(adminRoles.adminId, adminId))
  if (roleIds.length > 0) await tx.insert(adminRoles).values(roleIds.map((roleId) => ({ adminId, roleId })))
}

const tags = ['admins']

/**
 * Staff accounts (spec sections 3 and 7). Writes keep two rules in their transaction: nobody deletes or
 * disables themself, and some enabled admin always holds the super-admin role. A new password, a changed
 * role set or a disabled account ends that admin's sessions at once (API.md "Auth").
 * Giving a role whose permissions the caller does not all hold is 403 (auth/grants.ts), as on role assign.
 */
export const adminsModule: ApiModule = async (app, options) => {
  const { db } = options
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/admins',
    {
      config: { permission: 'list-admins' },
      schema: {
        tags,
        summary: 'List admins',
        querystring: list.query,
        response: { 200: listResponse(adminRecord), ...protectedErrors },
      },
    },
    async (request) => {
      const page = await list.run(db, request.query as ListQuery)
      return {
        data: await presentAdmins(
          db,
          page.data.map((row) => row.id),
        ),
        meta: page.meta,
      }
    },
  )

  r.get(
    '/admins/:id',
    {
      config: { permission: 'list-admins' },
      schema: {
        tags,
        summary: 'Show an admin',
        params: idParams,
        response: { 200: dataOf(adminRecord), ...recordErrors },
      },
    },
    async (request) => ({ data: await presentAdmin(db, request.params.id) }),
  )

  r.post(
    '/admins',
    {
      config: { permission: 'create-admins' },
      schema: {
        tags,
        summary: 'Create an admin',
        description: 'Each role in `role_ids` must carry only permissions you hold (403).',
        body: createBody,
        response: { 201: dataOf(adminRecord), ...protectedErrors },
      },
    },
    async (request, reply) => {
      const me = adminOf(request)
      const { password, role_ids: roleIds = [], phone, ...fields } = request.body
      const passwordHash = await hashPassword(password)
      const record = await db
        .transaction(async (tx) => {
          const roleList = await existingIds(tx, roles, 'role_ids', roleIds)
          await ensureGrantable(tx, me, { roleIds: roleList })
          const [row] = await tx
            .insert(admins)
            .values({ ...fields, phone: phone || null, passwordHash })
            .returning({ id: admins.id })
          if (!row) throw new Error('insert into admins returned no row')
          await replaceRoles(tx, row.id, roleList)
          const record = await presentAdmin(tx, row.id)
          await audit(tx, request, {
            resource: 'admins',
            recordId: row.id,
            action: 'create',
            changes: createdChanges(record, ['password']),
          })
          return record
        })
        .catch(databaseRule)
      return reply.code(201).send({ data: record })
    },
  )

  r.put(
    '/admins/:id',
    {
      config: { permission: 'edit-admins' },
      schema: {
        tags,
        summary: 'Update an admin; fields left out keep their values',
        description:
          'A new password, a changed role set or `status: disabled` ends the sessions of that admin ' +
          '(yours except this one, when you edit yourself). 403 when a role it gains carries a permission ' +
          'you do not hold. 409 when it would disable yourself or leave no enabled super-admin.',
        params: idParams,
        body: updateBody,
        response: { 200: dataOf(adminRecord), ...recordErrors, 409: errorBody },
      },
    },
    async (request) => {
      const me = adminOf(request)
      const { id } = request.params
      const { password, role_ids: roleIds, phone, ...fields } = request.body
      const passwordHash = password === undefined ? undefined : await hashPassword(password)
      const record = await db
        .transaction(async (tx) => {
          const guarded = fields.status === 'disabled' || roleIds !== undefined
          if (guarded) await lockSuperAdmins(tx)
          await lockAdmin(tx, id)
          const before = await presentAdmin(tx, id)
          const roleList =
            roleIds === undefined ? undefined : await existingIds(tx, roles, 'role_ids', roleIds)
          const held = before.roles.map((role) => role.id)
          const rolesChanged = roleList !== undefined && !sameSet(held, roleList)
          if (rolesChanged)
            await ensureGrantable(tx, me, { roleIds: roleList.filter((roleId) => !held.includes(roleId)) })
          const disabling = before.status === 'enabled' && fields.status === 'disabled'
          if (disabling && id === me.id) throw conflict('admins.self_disable')

          const values = {
            ...fields,
            ...(phone === undefined ? {} : { phone: phone || null }),
            ...(passwordHash ? { passwordHash } : {}),
            // A role change is a change of the admin too.
            ...(rolesChanged ? { updatedAt: new Date() } : {}),
          }
          if (Object.keys(values).length > 0) await tx.update(admins).set(values).where(eq(admins.id, id))
          if (rolesChanged) await replaceRoles(tx, id, roleList)
          if (guarded) await ensureSuperAdminRemains(tx)
          if (passwordHash || rolesChanged || disabling)
            await revokeSessionsOf(tx, id, { except: me.sessionId })

          const after = await presentAdmin(tx, id)
          await audit(tx, request, {
            resource: 'admins',
            recordId: id,
            action: 'update',
            changes: updatedChanges(before, after, passwordHash ? ['password'] : []),
          })
          return after
        })
        .catch(databaseRule)
      return { data: record }
    },
  )

  r.delete(
    '/admins/:id',
    {
      config: { permission: 'delete-admins' },
      schema: {
        tags,
        summary: 'Delete an admin',
        description:
          '409 for yourself, for an admin that still has allocated members, and for the last enabled admin ' +
          'holding the super-admin role.',
        params: idParams,
        response: { 204: z.undefined(), ...recordErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      if (id === adminOf(request).id) throw conflict('admins.self_delete')
      await db.transaction(async (tx) => {
        await lockSuperAdmins(tx)
        await lockAdmin(tx, id)
        const before = await presentAdmin(tx, id)
        // Members would silently lose their admin (the rows cascade); the row lock holds off new assignments.
        if (before.allocated_members > 0)
          throw conflict('admins.has_members', { count: before.allocated_members })
        await tx.delete(admins).where(eq(admins.id, id))
        await ensureSuperAdminRemains(tx)
        await audit(tx, request, {
          resource: 'admins',
          recordId: id,
          action: 'delete',
          changes: createdChanges(before),
        })
      })
      return reply.code(204).send()
    },
  )

  await adminActions(app, options)
}
