/** The template's message when the permission directive is used without roles (spec section 6). */
export const NEED_ROLES_MESSAGE = `need roles! Like v-permission="['admin','editor']"`

/**
 * The permission directive's rule: whether the admin's roles share at least one with `roles`. A missing
 * or empty list is a programming error, not "nobody": it throws.
 */
export function hasRole(adminRoles: readonly string[], roles: readonly string[] | undefined): boolean {
  if (!Array.isArray(roles) || roles.length === 0) throw new Error(NEED_ROLES_MESSAGE)
  return roles.some((role) => adminRoles.includes(role))
}
