import { z } from 'zod'

/** Two-factor login (API.md "Auth"): Google Authenticator, TOTP per RFC 6238, 6 digits, 30 s steps. */
export const twoFactorModes = ['off', 'optional', 'required'] as const
export type TwoFactorMode = (typeof twoFactorModes)[number]

/** The answer of a completed login (API.md "Auth"), from POST /api/login or POST /api/googleVerify. */
export const loginAnswer = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    permissions: z.array(z.string()),
  })
  .meta({ id: 'LoginAnswer' })
export type LoginAnswer = z.infer<typeof loginAnswer>

/** The password was right; an authenticator code must follow (POST /api/googleOtpauth, /api/googleVerify). */
export const twoFactorChallenge = z
  .object({ two_factor: z.enum(['bind', 'verify']), two_factor_token: z.string() })
  .meta({ id: 'TwoFactorChallenge' })
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>

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
export const twoFactorState = z.object({ two_factor_bound: z.union([z.literal(0), z.literal(1)]) })
export type TwoFactorState = z.infer<typeof twoFactorState>
