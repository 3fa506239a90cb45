import { z } from 'zod'
import { defineActions } from '../actions.ts'
import { PASSWORD_MAX, PASSWORD_MIN } from '../rules.ts'
import { clearable, flag, instant, recordIds } from '../values.ts'

/** Wire shapes of the staff-and-access resources: admins (spec sections 3 and 7). */
export const adminStatuses = ['enabled', 'disabled'] as const
export type AdminStatus = (typeof adminStatuses)[number]

/** enable and disable (spec section 4); resetQRCode is no change of state, so it is no transition. */
export const adminActions = defineActions({
  enable: { from: ['disabled'], to: 'enabled' },
  disable: { from: ['enabled'], to: 'disabled' },
})

/** Text lengths, for the input rules and the form fields alike. */
export const adminLimits = { username: 50, name: 100, phone: 30, email: 255 } as const

/** Password of a new or changed admin: spec section 5's rule (checked with passwordIssue) plus a length. */
export const adminPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX)

export const adminCreateInput = z.object({
  username: z
    .string()
    .trim()
    .min(3)
    .max(adminLimits.username)
    .regex(/^[A-Za-z0-9_.-]+$/),
  password: adminPassword,
  name: z.string().trim().min(1).max(adminLimits.name),
  phone: clearable(z.string().trim().max(adminLimits.phone)).optional(),
  email: z.email().max(adminLimits.email).nullable().optional(),
  status: z.enum(adminStatuses).optional(),
  role_ids: recordIds.max(100).optional(),
})
export type AdminCreateInput = z.infer<typeof adminCreateInput>

/** Fields left out keep their values; a password given replaces the old one and ends the admin's sessions. */
export const adminUpdateInput = adminCreateInput.partial()
export type AdminUpdateInput = z.infer<typeof adminUpdateInput>

export const adminRoleRef = z.object({ id: z.number().int(), name: z.string() })
export type AdminRoleRef = z.infer<typeof adminRoleRef>

/** A row of GET /api/admins and the body of GET /api/admins/{id}. */
export const adminRecord = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    status: z.enum(adminStatuses),
    roles: z.array(adminRoleRef),
    /** How many members are assigned to this admin. */
    allocated_members: z.number().int(),
    /** 1 when an authenticator is bound. */
    two_factor_bound: flag,
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Admin' })
export type Admin = z.infer<typeof adminRecord>

export const adminSortable = ['id', 'username', 'name', 'status', 'created_at', 'updated_at'] as const

/** A row of GET /api/admins/{id}/allocated-members. */
export const allocatedMemberRecord = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    assigned_at: instant,
  })
  .meta({ id: 'AllocatedMember' })
export type AllocatedMember = z.infer<typeof allocatedMemberRecord>

/** Sorts of GET /api/admins/{id}/allocated-members (default `-assigned_at`); `id` is the member's id. */
export const allocatedMemberSortable = ['id', 'assigned_at'] as const
