import {
  type Admin,
  adminActions,
  adminCreateInput,
  adminRecord,
  type adminSortable,
  adminStatuses,
  adminUpdateInput,
  allocatedMemberRecord,
  type allocatedMemberSortable,
} from '@vod/contract'
import { sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { hashPassword, newPassword } from '../../auth/password.ts'
import { adminRoles, admins, adminUsers, roles, users } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { qualified } from '../../lib/resource/relations.ts'
import { adminRules, resetQRCode } from './rules.ts'

/**
 * Staff accounts (spec sections 3 and 7): the machinery's CRUD, enable / disable transitions and the
 * allocated members; what only admins have (super-admin, self, grants, sessions) is in rules.ts.
 */
export const adminsModule = defineResource<Admin>({
  path: 'admins',
  table: admins,
  record: adminRecord,
  // The contract's field rules, with spec section 5's password rule and its own messages.
  input: adminCreateInput.extend({ password: newPassword }),
  update: adminUpdateInput.extend({ password: newPassword.optional() }),
  list: {
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
    enable: { ...adminActions.enable, refused: 'admins.already_enabled', summary: 'Enable an admin' },
    disable: {
      ...adminActions.disable,
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
      record: allocatedMemberRecord,
      operations: ['list'],
      list: {
        sortable: { id: adminUsers.userId, assigned_at: adminUsers.assignedAt } satisfies Record<
          (typeof allocatedMemberSortable)[number],
          PgColumn
        >,
        defaultSort: '-assigned_at',
      },
    },
  },
})
