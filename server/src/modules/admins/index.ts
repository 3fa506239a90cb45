import { type Admin, adminsContract } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { ensureMayManage } from '../../auth/admin-guard.ts'
import { hashPassword } from '../../auth/password.ts'
import { adminOf } from '../../auth/sessions.ts'
import { adminRoles, admins, adminUsers, roles, users } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { qualified } from '../../lib/resource/relations.ts'
import { declareSearch } from '../../lib/search/searchable.ts'
import { memberScope } from '../users/scope.ts'
import { adminRules, resetQRCode } from './rules.ts'

/**
 * Staff accounts (spec sections 3 and 7): the machinery's CRUD, enable / disable transitions and the
 * allocated members; what only admins have (super-admin, self, grants, sessions) is in rules.ts.
 */
export const adminsModule = defineResource<Admin>({
  contract: adminsContract,
  table: admins,
  list: {
    keyword: [admins.username, admins.name, admins.phone, admins.email],
  },
  present: {
    allocated_members: sql`(select count(*) from ${adminUsers} where ${qualified(adminUsers.adminId)} = ${qualified(admins.id)})::integer`,
    two_factor_bound: sql`${qualified(admins.twoFactorSecret)} is not null`,
  },
  relations: {
    role_ids: {
      through: adminRoles,
      target: roles,
      present: { as: 'roles', fields: { id: roles.id, name: roles.name }, orderBy: [roles.name, roles.id] },
      filter: 'role_id',
    },
  },
  transform: { password: async (password: string) => ({ passwordHash: await hashPassword(password) }) },
  hooks: adminRules,
  actions: {
    enable: { refused: 'admins.already_enabled', summary: 'Enable an admin' },
    disable: {
      refused: 'admins.already_disabled',
      summary: 'Disable an admin and end its sessions',
      description: '409 when it is disabled already, for yourself, and for the last enabled super-admin.',
    },
    'reset-qrcode': resetQRCode,
  },
  children: {
    'allocated-members': {
      through: adminUsers,
      target: users,
      // Members are channel data: a channel admin lists and allocates those of its channels only.
      scope: memberScope,
      // Allocating is a write to the admin, so no takeover of a stronger one (as PUT).
      check: ({ tx, request, id }) => ensureMayManage(tx, adminOf(request), id),
    },
  },
})

// The search box: staff by username or name, anywhere in them (few rows: no index needed).
declareSearch({
  kind: 'admins',
  table: admins,
  label: adminsContract.label,
  columns: [admins.username, admins.name],
  detail: admins.name,
})
