import { z } from 'zod'
import { ID_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../rules.ts'

/** Wire shapes of the staff-and-access resources: admins (spec sections 3 and 7). */
export const adminStatuses = ['enabled', 'disabled'] as const
export type AdminStatus = (typeof adminStatuses)[number]

/** Password of a new or changed admin: spec section 5's rule (checked with passwordIssue) plus a length. */
export const adminPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX)

const id = z.number().int().positive().max(ID_MAX)

export const adminCreateInput = z.object({
  username: z
    .string()
    .trim()
    .min(3)
    .max(50)
    .regex(/^[A-Za-z0-9_.-]+$/),
  password: adminPassword,
  name: z.string().trim().min(1).max(100),
  phone: z.string().trim().max(30).nullable().optional(),
  email: z.email().max(255).nullable().optional(),
  status: z.enum(adminStatuses).optional(),
  role_ids: z.array(id).max(100).optional(),
})
export type AdminCreateInput = z.infer<typeof adminCreateInput>

/** Fields left out keep their values; a password given replaces the old one and ends the admin's sessions. */
export const adminUpdateInput = adminCreateInput.partial()
export type AdminUpdateInput = z.infer<typeof adminUpdateInput>

export interface AdminRoleRef {
  id: number
  name: string
}

/** A row of GET /api/admins and the body of GET /api/admins/{id}. */
export interface Admin {
  id: number
  username: string
  name: string
  phone: string | null
  email: string | null
  status: AdminStatus
  roles: AdminRoleRef[]
  /** How many members are assigned to this admin. */
  allocated_members: number
  /** 1 when an authenticator is bound. */
  two_factor_bound: 0 | 1
  created_at: string
  updated_at: string
}

export const adminSortable = ['id', 'username', 'name', 'status', 'created_at', 'updated_at'] as const

/** A row of GET /api/admins/{id}/allocated-members. */
export interface AllocatedMember {
  id: number
  username: string
  email: string | null
  assigned_at: string
}

/** Sorts of GET /api/admins/{id}/allocated-members (default `-assigned_at`); `id` is the member's id. */
export const allocatedMemberSortable = ['id', 'assigned_at'] as const
