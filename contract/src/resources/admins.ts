import { z } from 'zod'
import { defineActions } from '../actions.ts'
import { ofKind } from '../fields.ts'
import { defineContract } from '../resource.ts'
import { PASSWORD_MAX, PASSWORD_MIN, passwordIssue } from '../rules.ts'
import { clearable, flag, instant, recordId, reference, references } from '../values.ts'

/** Wire shapes of the staff-and-access resources: admins (spec sections 3 and 7). */
const adminStatuses = ['enabled', 'disabled'] as const
export type AdminStatus = (typeof adminStatuses)[number]

/** enable and disable (spec section 4); resetQRCode is no change of state, so it is no transition. */
const adminActions = defineActions({
  enable: { from: ['disabled'], to: 'enabled' },
  disable: { from: ['enabled'], to: 'disabled' },
})

/** Text lengths, for the input rules and the form fields alike. */
const adminLimits = { username: 50, name: 100, phone: 30, email: 255 } as const

/** Password of a new or changed admin: spec section 5's rule, in its own messages, then a length. */
export const adminPassword = ofKind(
  z.string().superRefine((value, ctx) => {
    const issue = passwordIssue(value)
    if (issue) ctx.addIssue({ code: 'custom', message: `validation.password.${issue}` })
    else if (value.length < PASSWORD_MIN)
      ctx.addIssue({ code: 'custom', message: 'validation.min.string', params: { min: PASSWORD_MIN } })
    else if (value.length > PASSWORD_MAX)
      ctx.addIssue({ code: 'custom', message: 'validation.max.string', params: { max: PASSWORD_MAX } })
  }),
  { kind: 'password' },
)

const adminCreateInput = z.object({
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
  role_ids: references('roles').max(100).optional(),
})

/** Fields left out keep their values; a password given replaces the old one and ends the admin's sessions. */
const adminUpdateInput = adminCreateInput.partial()

const adminRoleRef = z.object({ id: z.number().int(), name: z.string() })

/** A row of GET /api/admins and the body of GET /api/admins/{id}. */
const adminRecord = z
  .object({
    id: recordId,
    username: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    status: z.enum(adminStatuses),
    role_ids: references('roles'),
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

/** A row of GET /api/admins/{id}/allocated-members. */
const allocatedMemberRecord = z
  .object({
    id: recordId,
    username: z.string(),
    email: z.string().nullable(),
    assigned_at: instant,
  })
  .meta({ id: 'AllocatedMember' })

/**
 * The staff: their roles, status (enable / disable, their own permissions), and the members allocated to
 * each (`id` of an allocated member is the member's).
 */
export const adminsContract = defineContract({
  path: 'admins',
  record: adminRecord,
  input: adminCreateInput,
  update: adminUpdateInput,
  label: 'username',
  list: {
    sortable: ['id', 'username', 'name', 'status', 'created_at', 'updated_at'],
    defaultSort: '-id',
    filters: { status: true, role_id: reference('roles') },
    ranges: { created_at: true },
    keyword: true,
  },
  actions: adminActions,
  children: {
    'allocated-members': {
      record: allocatedMemberRecord,
      links: 'users',
      // Allocated through a picker of members and removed one by one; they have no order.
      operations: ['list', 'create', 'delete'],
      list: { sortable: ['id', 'assigned_at'], defaultSort: '-assigned_at' },
    },
  },
})
