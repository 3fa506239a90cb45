import { fieldRulesSchema, type Me, type TwoFactorMode, twoFactorModes } from '@vod/contract'
import { z } from 'zod'
import type { AuthenticatedAdmin } from './sessions.ts'

/** `GET /api/auth/me` (API.md "Auth"), also the answer of `PUT /api/auth/me`. */
export const meRecord = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  introduction: z.string().nullable(),
  email: z.string().nullable(),
  two_factor_bound: z.union([z.literal(0), z.literal(1)]),
  two_factor_mode: z.enum(twoFactorModes),
  time_zone: z.string().meta({ description: 'BUSINESS_TIME_ZONE: days are counted and times shown in it' }),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  field_rules: fieldRulesSchema,
}) satisfies z.ZodType<Me>

type OwnFields = Pick<
  AuthenticatedAdmin,
  'id' | 'username' | 'name' | 'avatar' | 'introduction' | 'email' | 'twoFactorBound'
>

export function meOf(
  admin: OwnFields & Pick<AuthenticatedAdmin, 'permissions' | 'fieldRules'>,
  twoFactorMode: TwoFactorMode,
  timeZone: string,
): Me {
  return {
    id: admin.id,
    username: admin.username,
    name: admin.name,
    avatar: admin.avatar,
    introduction: admin.introduction,
    email: admin.email,
    two_factor_bound: admin.twoFactorBound ? 1 : 0,
    two_factor_mode: twoFactorMode,
    time_zone: timeZone,
    // The client knows one role; what an admin may do is in `permissions` (spec section 6).
    roles: ['admin'],
    permissions: [...admin.permissions],
    field_rules: admin.fieldRules,
  }
}
