import { loginAnswer, type OtpauthBinding, otpauthInput, twoFactorState, verifyInput } from '@vod/contract'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { completeLogin } from '../../auth/login.ts'
import { bindingFor, codeStep, newTotpSecret, SecretBox, twoFactorStage } from '../../auth/two-factor.ts'
import type { Db } from '../../db/client.ts'
import { admins } from '../../db/schema/index.ts'
import { audit } from '../../lib/audit.ts'
import { conflict, invalidField, unauthenticated } from '../../lib/errors.ts'
import { dataOf, errorBody } from '../../lib/responses.ts'
import type { ApiModule } from '../types.ts'

const binding = z
  .object({
    secret: z.string(),
    otpauth_url: z.string(),
    qr_code: z.string().meta({ description: 'data:image/png;base64,... URL of the otpauth URL' }),
  })
  .meta({ id: 'OtpauthBinding' }) satisfies z.ZodType<OtpauthBinding>

const errors = { 400: errorBody, 401: errorBody, 409: errorBody, 422: errorBody, 429: errorBody } as const
const tags = ['auth']

interface Holder {
  id: number
  username: string
  status: string
  secret: string | null
  pending: string | null
}

async function holderOf(db: Db, adminId: number): Promise<Holder | null> {
  const [row] = await db
    .select({
      id: admins.id,
      username: admins.username,
      status: admins.status,
      secret: admins.twoFactorSecret,
      pending: admins.twoFactorPendingSecret,
    })
    .from(admins)
    .where(eq(admins.id, adminId))
  return row ?? null
}

/**
 * Google Authenticator (API.md "Auth"). Both routes serve two callers: a login half way through (the
 * two-factor token from POST /api/login: bind a first authenticator, or verify a code, and get the access
 * token), and a logged-in admin binding or rebinding its own authenticator from the profile. Every code is
 * checked under the login throttle, and a code of the bound authenticator works once.
 */
export const twoFactorModule: ApiModule = async (app, { db, config, secret, totpKey, throttle }) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const box = new SecretBox(totpKey)

  /** Who is calling and how: the logged-in admin, or the admin of a valid two-factor token. */
  async function caller(request: FastifyRequest): Promise<{ holder: Holder; loggingIn: boolean }> {
    const adminId = request.admin?.id ?? request.twoFactorAdminId
    const holder = adminId ? await holderOf(db, adminId) : null
    // A two-factor token outlives nothing: a disabled or deleted admin's half login is over.
    if (holder?.status !== 'enabled') throw unauthenticated()
    return { holder, loggingIn: !request.admin }
  }

  /**
   * The time step of a right code for `sealed`, counted by the login throttle like a password; a wrong one
   * is a 422 on `code`. With `once`, the step must come after the last one this admin used, and is kept.
   */
  async function checkCode(
    request: FastifyRequest,
    holder: Holder,
    sealed: string,
    code: string,
    once: boolean,
  ) {
    // Counted per two-factor token (a login half way) or session (the profile), not per username.
    const challenge = request.admin?.sessionId ?? request.headers.authorization ?? ''
    const attempt = await throttle.begin({ username: holder.username, ip: request.ip, challenge })
    const step = codeStep(box.open(sealed), code)
    const fresh =
      step !== null &&
      (!once ||
        (
          await db
            .update(admins)
            .set({ twoFactorLastStep: step })
            .where(
              and(
                eq(admins.id, holder.id),
                or(isNull(admins.twoFactorLastStep), lt(admins.twoFactorLastStep, step)),
              ),
            )
            .returning({ id: admins.id })
        ).length > 0)
    if (step === null || !fresh) {
      await audit(db, request, {
        resource: 'auth',
        recordId: holder.id,
        action: 'login-failed',
        actor: { id: holder.id, username: holder.username },
        changes: { reason: 'two-factor code' },
      })
      attempt.failed()
      throw invalidField('code', 'two_factor.code_invalid')
    }
    await attempt.succeeded()
    return step
  }

  /** Makes the pending secret the bound one, if it is still the one the code was checked against. */
  async function bind(request: FastifyRequest, holder: Holder, sealed: string, step: number) {
    await db.transaction(async (tx) => {
      const [bound] = await tx
        .update(admins)
        .set({
          twoFactorSecret: sealed,
          twoFactorPendingSecret: null,
          twoFactorLastStep: sql`greatest(coalesce(${admins.twoFactorLastStep}, 0), ${step})`,
        })
        .where(and(eq(admins.id, holder.id), eq(admins.twoFactorPendingSecret, sealed)))
        .returning({ id: admins.id })
      // Another request replaced or used the pending secret meanwhile.
      if (!bound) throw conflict('two_factor.nothing_pending')
      await audit(tx, request, {
        resource: 'admins',
        recordId: holder.id,
        action: 'bind-two-factor',
        actor: { id: holder.id, username: holder.username },
        changes: { two_factor_bound: [holder.secret ? 1 : 0, 1] },
      })
    })
  }

  r.post(
    '/googleOtpauth',
    {
      config: { access: 'two-factor' },
      schema: {
        tags,
        summary: 'A new authenticator secret to bind (QR code and otpauth URL)',
        description:
          'With a two-factor token whose stage is `bind`: the first authenticator of this admin. With an access ' +
          'token: a new one for the profile; when one is bound already, `code` must be its current code.',
        // The body may be left out (Fastify then reads null) when no code is needed.
        body: otpauthInput.nullish(),
        response: { 200: dataOf(binding), ...errors },
      },
    },
    async (request) => {
      const { holder, loggingIn } = await caller(request)
      const code = request.body?.code
      if (loggingIn) {
        // Only a password is proven: binding over an existing authenticator would bypass it.
        if (twoFactorStage(config.twoFactor, holder.secret !== null) !== 'bind')
          throw conflict('two_factor.already_bound')
      } else if (holder.secret) {
        if (!code) throw invalidField('code', 'two_factor.code_required')
        await checkCode(request, holder, holder.secret, code, true)
      }
      const plain = newTotpSecret()
      await db
        .update(admins)
        .set({ twoFactorPendingSecret: box.seal(plain) })
        .where(eq(admins.id, holder.id))
      return { data: await bindingFor(plain, holder.username) }
    },
  )

  r.post(
    '/googleVerify',
    {
      config: { access: 'two-factor' },
      schema: {
        tags,
        summary: 'Check an authenticator code',
        description:
          'With a two-factor token: the code of the bound authenticator (stage `verify`) or of the secret from ' +
          '`googleOtpauth` (stage `bind`, which binds it); answers the same body as a plain login. With an ' +
          'access token: binds the secret from `googleOtpauth` and answers the two-factor state. A code works once.',
        body: verifyInput,
        response: { 200: z.union([loginAnswer, dataOf(twoFactorState)]), ...errors },
      },
    },
    async (request) => {
      const { holder, loggingIn } = await caller(request)
      const { code } = request.body
      const stage = loggingIn ? twoFactorStage(config.twoFactor, holder.secret !== null) : 'bind'
      if (stage === null) throw conflict('two_factor.not_needed')

      if (stage === 'verify' && holder.secret) await checkCode(request, holder, holder.secret, code, true)
      else {
        if (!holder.pending) throw conflict('two_factor.nothing_pending')
        // A pending secret is used once by binding it, so its code needs no replay check of its own.
        const step = await checkCode(request, holder, holder.pending, code, false)
        await bind(request, holder, holder.pending, step)
      }
      if (!loggingIn) return { data: { two_factor_bound: 1 as const } }
      return completeLogin(db, config, secret, request, holder)
    },
  )
}
