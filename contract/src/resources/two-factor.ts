import { z } from 'zod'

/** Two-factor login (API.md "Auth"): Google Authenticator, TOTP per RFC 6238, 6 digits, 30 s steps. */
export const twoFactorModes = ['off', 'optional', 'required'] as const
export type TwoFactorMode = (typeof twoFactorModes)[number]

/** What POST /api/login answers instead of a token when the admin must pass two-factor. */
export interface TwoFactorChallenge {
  two_factor: 'bind' | 'verify'
  two_factor_token: string
}

/** POST /api/googleOtpauth: `code` is the current code, required when an admin rebinds from its profile. */
export const otpauthInput = z.object({
  code: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
})

export interface OtpauthBinding {
  secret: string
  otpauth_url: string
  /** `data:image/png;base64,...` */
  qr_code: string
}

export const verifyInput = z.object({ code: z.string().regex(/^\d{6}$/) })

/** POST /api/googleVerify with an access token (binding from the profile) answers the new state. */
export interface TwoFactorState {
  two_factor_bound: 0 | 1
}
