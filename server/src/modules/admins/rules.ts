import type { Admin, AdminStatus } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { ensureMayManage, ensureMaySetStatus } from '../../auth/admin-guard.ts'
import { ensureGrantable } from '../../auth/grants.ts'
import { adminOf, revokeSessionsOf } from '../../auth/sessions.ts'
import { ensureSuperAdminRemains, lockSuperAdmins } from '../../auth/super-admins.ts'
import { admins } from '../../db/schema/index.ts'
import { conflict } from '../../lib/errors.ts'
import type { ActionRoute, WriteContext, WriteHooks } from '../../lib/resource/types.ts'
import { sameSet } from '../../lib/sets.ts'

/** Writes that could leave no enabled admin in the super-admin role. */
const risksSuperAdmins = ({ operation, input }: WriteContext<Admin>) =>
  operation !== 'create' &&
  (operation === 'delete' || input.status === 'disabled' || input.role_ids !== undefined)

/**
 * What only admins have, around each write of one (create, update, delete, enable, disable, resetQRCode),
 * all in its transaction:
 * - some enabled admin always holds the super-admin role: a write that could end that takes the lock first
 *   and checks last (auth/super-admins.ts);
 * - no takeover of a stronger admin: the caller writes only to admins whose permissions are all its own,
 *   never to its own roles, and changes `status` only with the enable / disable permission
 *   (auth/admin-guard.ts);
 * - nobody deletes or disables themself; an admin with allocated members is not deleted;
 * - a role given must carry only permissions the caller holds (403, auth/grants.ts), as on role assign;
 * - a new password, a changed role set or a disabled account ends that admin's sessions at once (API.md
 *   "Auth"), except the caller's own when it edits itself.
 */
export const adminRules: WriteHooks<Admin> = {
  async guard(ctx) {
    if (risksSuperAdmins(ctx)) await lockSuperAdmins(ctx.tx)
  },

  async check({ tx, request, operation, id, before, input, added }) {
    const me = adminOf(request)
    if (operation === 'delete' && id === me.id) throw conflict('admins.self_delete')
    const given = added.role_ids as number[] | undefined
    if (given?.length) await ensureGrantable(tx, me, { roleIds: given })
    if (id !== null && before) {
      const roleIds = input.role_ids as number[] | undefined
      const ownRoles = before.roles.map((role) => role.id)
      await ensureMayManage(tx, me, id, { roles: roleIds !== undefined && !sameSet(ownRoles, roleIds) })
      if (operation === 'update')
        ensureMaySetStatus(me, before.status, input.status as AdminStatus | undefined)
    }
    // Members would silently lose their admin (the rows cascade); the row lock holds off new assignments.
    if (operation === 'delete' && before && before.allocated_members > 0)
      throw conflict('admins.has_members', { count: before.allocated_members })
    if (before?.status === 'enabled' && input.status === 'disabled' && id === me.id)
      throw conflict('admins.self_disable')
  },

  async after(ctx) {
    if (risksSuperAdmins(ctx)) await ensureSuperAdminRemains(ctx.tx)
    const disabled = ctx.before?.status === 'enabled' && ctx.after?.status === 'disabled'
    if (
      ctx.operation !== 'create' &&
      (disabled || ctx.changed.has('password') || ctx.changed.has('role_ids'))
    )
      await revokeSessionsOf(ctx.tx, ctx.id, { except: adminOf(ctx.request).sessionId })
  },
}

/** POST /api/admins/{id}/resetQRCode: no change of state a table could declare, so an action of its own. */
export const resetQRCode: ActionRoute<Admin> = {
  path: 'resetQRCode',
  summary: "Clear an admin's authenticator binding and end its sessions",
  description:
    'Its next login binds an authenticator afresh (when two-factor applies). 409 when none is bound.',
  async run({ tx, request, id }) {
    const [row] = await tx
      .select({ secret: admins.twoFactorSecret, pending: admins.twoFactorPendingSecret })
      .from(admins)
      .where(eq(admins.id, id))
    if (!row || (row.secret === null && row.pending === null)) throw conflict('admins.not_bound')
    await tx
      .update(admins)
      .set({ twoFactorSecret: null, twoFactorPendingSecret: null })
      .where(eq(admins.id, id))
    await revokeSessionsOf(tx, id, { except: adminOf(request).sessionId })
    return { two_factor_bound: [row.secret === null ? 0 : 1, 0] }
  },
}
