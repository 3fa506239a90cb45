import { isPermissionName, permissionNames, permissionRecord, type Role, rolesContract } from '@vod/contract'
import { asc, inArray } from 'drizzle-orm'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminRoles, admins, permissions, rolePermissions, roles } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { dataOf, protectedErrors } from '../../lib/responses.ts'
import type { ApiModule } from '../types.ts'
import { assign, roleRules } from './rules.ts'

/**
 * Roles: named sets of permissions, assigned to admins (spec section 6), on the machinery; what only roles
 * have (the super-admin role, no escalation, assignment) is in rules.ts.
 */
const rolesResource = defineResource<Role>({
  contract: rolesContract,
  table: roles,
  list: {
    keyword: [roles.name],
  },
  relations: {
    permissions: {
      through: rolePermissions,
      target: permissions,
      key: permissions.name,
      // Names dropped from the catalogue stay in the table for older processes; they are not offered.
      targetWhere: inArray(permissions.name, [...permissionNames]),
      unknown: 'validation.unknown_permissions',
      filter: 'permission',
    },
    // Presented only: POST /roles/{id}/assign changes the holders.
    admin_ids: {
      through: adminRoles,
      target: admins,
      present: {
        as: 'admins',
        fields: { id: admins.id, username: admins.username, name: admins.name },
        orderBy: [admins.id],
      },
      filter: 'admin_id',
    },
  },
  hooks: roleRules,
  actions: { assign },
})

/** Roles, and the permission catalogue they are made from. */
export const rolesModule: ApiModule = async (app, options) => {
  await rolesResource(app, options)

  app.withTypeProvider<ZodTypeProvider>().get(
    '/permissions',
    {
      config: { permission: 'list-roles' },
      schema: {
        tags: ['roles'],
        summary: 'The whole permission catalogue',
        response: { 200: dataOf(z.array(permissionRecord)), ...protectedErrors },
      },
    },
    async () => {
      const rows = await options.db
        .select({ id: permissions.id, name: permissions.name, group: permissions.group })
        .from(permissions)
        .orderBy(asc(permissions.id))
      return { data: rows.filter((p) => isPermissionName(p.name)) }
    },
  )
}
