/**
 * Members (spec section 3 "User"), their IP whitelist and the e-mails sent to them: the states and lengths
 * that the database, the input rules and the forms share. Input and record schemas sit beside these.
 */
export const userStatuses = ['enabled', 'disabled'] as const
export type UserStatus = (typeof userStatuses)[number]

export const userLimits = {
  username: 100,
  email: 255,
  firstName: 100,
  lastName: 100,
  phone: 30,
} as const

/** The e-mails an admin can send a member (spec section 7), each rate-limited per member. */
export const memberMailKinds = ['email-verification', 'reset-password'] as const
export type MemberMailKind = (typeof memberMailKinds)[number]

export const ipWhitelistLimits = { note: 500 } as const
