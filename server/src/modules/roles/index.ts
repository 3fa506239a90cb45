import {
  isPermissionName,
  type Permission,
  roleAssignInput,
  roleInput,
  type roleSortable,
  SUPER_ADMIN_ROLE,
} from '@vod/contract'
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ensureGrantable } from '../../auth/grants.ts'
import { revokeSessionsOf } from '../../auth/sessions.ts'
import { ensureSuperAdminRemains, lockSuperAdmins } from '../../auth/super-admins.ts'
import type { Db } from '../../db/client.ts'
import { adminRoles, admins, permissions, rolePermissions, roles } from '../../db/schema/index.ts'
import { audit, createdChanges, updatedChanges } from '../../lib/audit.ts'
import { postgresError, UNIQUE_VIOLATION } from '../../lib/db-errors.ts'
import { conflict, invalidField, notFound } from '../../lib/errors.ts'
import { idParams } from '../../lib/id-param.ts'
import { defineList, type ListQuery, listResponse } from '../../lib/list/index.ts'
import { dataOf, errorBody, protectedErrors, recordErrors } from '../../lib/responses.ts'
import { sameSet } from '../../lib/sets.ts'
import { adminOf } from '../../plugins/access.ts'
import { existingIds } from '../admins/records.ts'
import type { ApiModule } from '../types.ts'
import { permissionIds, presentRole, presentRoles, roleRecord } from './records.ts'

const list = defineList({
  table: roles,
  columns: { id: roles.id },
  sortable: {
    id: roles.id,
    name: roles.name,
    created_at: roles.createdAt,
    updated_at: roles.updatedAt,
  } satisfies Record<(typeof roleSortable)[number], PgColumn>,
  keyword: [roles.name],
  defaultSort: 'id',
})

const permissionRecord = z
  .object({ id: z.number().int(), name: z.string(), group: z.string() })
  .meta({ id: 'Permission' }) satisfies z.ZodType<Permission>

function databaseRule(error: unknown): never {
  const pg = postgresError(error)
  if (pg?.code === UNIQUE_VIOLATION && pg.constraint === 'roles_name_unique')
    throw invalidField('name', 'validation.unique')
  throw error
}

/** The role's row, locked for the rest of the transaction; 404 when there is none. */
async function lockRole(tx: Db, id: number) {
  const [row] = await tx
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.id, id))
    .for('update')
  if (!row) throw notFound()
  return row
}

async function replacePermissions(tx: Db, roleId: number, ids: readonly number[]) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId))
  if (ids.length > 0)
    await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId, permissionId })))
}

const tags = ['roles']
const writeErrors = { ...recordErrors, 409: errorBody } as const

/**
 * Roles: named sets of permissions, assigned to admins (spec section 6). Permissions are read afresh on each
 * request, so a role's new permissions count on its holders' next request; changing which admins hold a
 * role ends those admins' sessions (API.md "Auth"). The super-admin role keeps every permission and a holder.
 * No escalation (auth/grants.ts): a permission the caller lacks is 422 on `permissions`; giving a role is 403.
 */
export const rolesModule: ApiModule = async (app, { db }) => {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/permissions',
    {
      config: { permission: 'list-roles' },
      schema: {
        tags,
        summary: 'The whole permission catalogue',
        response: { 200: dataOf(z.array(permissionRecord)), ...protectedErrors },
      },
    },
    async () => {
      const rows = await db
        .select({ id: permissions.id, name: permissions.name, group: permissions.group })
        .from(permissions)
        .orderBy(asc(permissions.id))
      // Names dropped from the catalogue stay in the table for older processes; they are not offered.
      return { data: rows.filter((p) => isPermissionName(p.name)) }
    },
  )

  r.get(
    '/roles',
    {
      config: { permission: 'list-roles' },
      schema: {
        tags,
        summary: 'List roles with their permissions and admins',
        querystring: list.query,
        response: { 200: listResponse(roleRecord), ...protectedErrors },
      },
    },
    async (request) => {
      const page = await list.run(db, request.query as ListQuery)
      return {
        data: await presentRoles(
          db,
          page.data.map((row) => row.id),
        ),
        meta: page.meta,
      }
    },
  )

  r.get(
    '/roles/:id',
    {
      config: { permission: 'list-roles' },
      schema: {
        tags,
        summary: 'Show a role',
        params: idParams,
        response: { 200: dataOf(roleRecord), ...recordErrors },
      },
    },
    async (request) => ({ data: await presentRole(db, request.params.id) }),
  )

  r.post(
    '/roles',
    {
      config: { permission: 'create-roles' },
      schema: {
        tags,
        summary: 'Create a role',
        description: 'Every permission must be one you hold (422 on `permissions`).',
        body: roleInput,
        response: { 201: dataOf(roleRecord), ...protectedErrors },
      },
    },
    async (request, reply) => {
      const me = adminOf(request)
      const record = await db
        .transaction(async (tx) => {
          const ids = await permissionIds(tx, request.body.permissions)
          await ensureGrantable(tx, me, { permissions: request.body.permissions })
          const [row] = await tx.insert(roles).values({ name: request.body.name }).returning({ id: roles.id })
          if (!row) throw new Error('insert into roles returned no row')
          await replacePermissions(tx, row.id, ids)
          const record = await presentRole(tx, row.id)
          await audit(tx, request, {
            resource: 'roles',
            recordId: row.id,
            action: 'create',
            changes: createdChanges(record),
          })
          return record
        })
        .catch(databaseRule)
      return reply.code(201).send({ data: record })
    },
  )

  r.put(
    '/roles/:id',
    {
      config: { permission: 'edit-roles' },
      schema: {
        tags,
        summary: 'Update a role; fields left out keep their values',
        description:
          'The super-admin role cannot be renamed or lose permissions (409). Permissions it did not have ' +
          'must be ones you hold (422 on `permissions`).',
        params: idParams,
        body: roleInput.partial(),
        response: { 200: dataOf(roleRecord), ...writeErrors },
      },
    },
    async (request) => {
      const me = adminOf(request)
      const { id } = request.params
      const { name, permissions: names } = request.body
      const record = await db
        .transaction(async (tx) => {
          await lockRole(tx, id)
          const before = await presentRole(tx, id)
          const ids = names === undefined ? undefined : await permissionIds(tx, names)
          // Permissions the role keeps were granted before; only new ones must be the caller's own.
          const added = (names ?? []).filter((permission) => !before.permissions.includes(permission))
          await ensureGrantable(tx, me, { permissions: added })
          const renamed = name !== undefined && name !== before.name
          const regranted = names !== undefined && !sameSet(names, before.permissions)
          if (before.name === SUPER_ADMIN_ROLE && (renamed || regranted)) throw conflict('roles.super_admin')
          if (renamed || regranted)
            await tx
              .update(roles)
              .set({ ...(renamed ? { name } : {}), updatedAt: new Date() })
              .where(eq(roles.id, id))
          if (ids && regranted) await replacePermissions(tx, id, ids)
          const after = await presentRole(tx, id)
          await audit(tx, request, {
            resource: 'roles',
            recordId: id,
            action: 'update',
            changes: updatedChanges(before, after),
          })
          return after
        })
        .catch(databaseRule)
      return { data: record }
    },
  )

  r.delete(
    '/roles/:id',
    {
      config: { permission: 'delete-roles' },
      schema: {
        tags,
        summary: 'Delete a role no admin holds',
        description: '409 while any admin holds it, and always for the super-admin role.',
        params: idParams,
        response: { 204: z.undefined(), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      await db.transaction(async (tx) => {
        const role = await lockRole(tx, id)
        if (role.name === SUPER_ADMIN_ROLE) throw conflict('roles.super_admin')
        const [held] = await tx.select({ n: count() }).from(adminRoles).where(eq(adminRoles.roleId, id))
        const holders = Number(held?.n ?? 0)
        if (holders > 0) throw conflict('roles.in_use', { count: holders })
        const before = await presentRole(tx, id)
        await tx.delete(roles).where(eq(roles.id, id))
        await audit(tx, request, {
          resource: 'roles',
          recordId: id,
          action: 'delete',
          changes: createdChanges(before),
        })
      })
      return reply.code(204).send()
    },
  )

  r.post(
    '/roles/:id/assign',
    {
      config: { permission: 'assign-roles' },
      schema: {
        tags,
        summary: 'Set which admins hold this role',
        description:
          'Replaces the set. Admins who gain or lose the role have their sessions ended (yours except this ' +
          'one). 422 for an unknown admin id; 403 when an admin gains it and its permissions are not all ' +
          'yours; 409 when no enabled admin would keep the super-admin role.',
        params: idParams,
        body: roleAssignInput,
        response: { 200: dataOf(roleRecord), ...writeErrors },
      },
    },
    async (request) => {
      const me = adminOf(request)
      const { id } = request.params
      const record = await db.transaction(async (tx) => {
        await lockSuperAdmins(tx)
        const role = await lockRole(tx, id)
        const wanted = await existingIds(tx, admins, 'admin_ids', request.body.admin_ids)
        const current = (
          await tx.select({ id: adminRoles.adminId }).from(adminRoles).where(eq(adminRoles.roleId, id))
        ).map((row) => row.id)
        const removed = current.filter((adminId) => !wanted.includes(adminId))
        const added = wanted.filter((adminId) => !current.includes(adminId))
        if (added.length > 0) await ensureGrantable(tx, me, { roleIds: [id] })
        if (removed.length > 0)
          await tx
            .delete(adminRoles)
            .where(and(eq(adminRoles.roleId, id), inArray(adminRoles.adminId, removed)))
        if (added.length > 0)
          await tx.insert(adminRoles).values(added.map((adminId) => ({ adminId, roleId: id })))
        if (role.name === SUPER_ADMIN_ROLE) await ensureSuperAdminRemains(tx)
        const changed = [...removed, ...added]
        if (changed.length > 0) {
          await revokeSessionsOf(tx, changed, { except: me.sessionId })
          await tx.update(roles).set({ updatedAt: new Date() }).where(eq(roles.id, id))
          await tx.update(admins).set({ updatedAt: new Date() }).where(inArray(admins.id, changed))
        }
        await audit(tx, request, {
          resource: 'roles',
          recordId: id,
          action: 'assign',
          changes: { admin_ids: [[...current].sort((a, b) => a - b), [...wanted].sort((a, b) => a - b)] },
        })
        return presentRole(tx, id)
      })
      return { data: record }
    },
  )
}
