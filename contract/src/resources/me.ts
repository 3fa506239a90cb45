import type { FieldRules } from '../field-rules.ts'
import type { TwoFactorMode } from './two-factor.ts'

/**
 * The logged-in admin as `GET /api/auth/me` and `PUT /api/auth/me` answer it (API.md "Auth"; beyond it,
 * `two_factor_bound` and `two_factor_mode`). `roles` is always `['admin']`: what an admin may do is in `permissions` (spec section 6).
 */
export interface Me {
  id: number
  username: string
  name: string
  avatar: string | null
  introduction: string | null
  email: string | null
  /** 1 when an authenticator is bound. */
  two_factor_bound: 0 | 1
  /** The server's TWO_FACTOR setting: whether logins ask for a code (`optional`: only once one is bound). */
  two_factor_mode: TwoFactorMode
  /** BUSINESS_TIME_ZONE: the zone whose days lists, analytics and exports count, and screens show times in. */
  time_zone: string
  roles: string[]
  permissions: string[]
  /** The fields its roles narrow, resource -> field -> rule (field-rules.ts); a field not named is `write`. */
  field_rules: FieldRules
}
