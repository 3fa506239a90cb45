import { loginAnswer, twoFactorChallenge } from '@vod/contract'
import { eq, sql } from 'drizzle-orm'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { completeLogin } from '../../auth/login.ts'
import { meOf, meRecord } from '../../auth/me.ts'
import { verifyAgainstDummy, verifyPassword } from '../../auth/password.ts'
import { adminOf, revokeSession } from '../../auth/sessions.ts'
import { signTwoFactorToken } from '../../auth/tokens.ts'
import { twoFactorStage } from '../../auth/two-factor.ts'
import { admins } from '../../db/schema/index.ts'
import { audit } from '../../lib/audit.ts'
import { invalidField } from '../../lib/errors.ts'
import { dataOf, errorBody } from '../../lib/responses.ts'
import type { ApiModule } from '../types.ts'

const loginBody = z.object({
  username: z.string().trim().min(1).max(255),
  password: z.string().min(1).max(1024),
})

const tags = ['auth']

/**
 * Login, the caller's own profile, and logout (API.md "Auth"). Logins are throttled per username and
 * address, per address and per username (auth/throttle); when the admin must pass two-factor, the right password earns only a short-lived
 * two-factor token, and the two-factor module finishes the login.
 */
export const authModule: ApiModule = async (app, { db, config, secret, throttle }) => {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log in with username and password',
        description:
          'Answers the access token, or, when the admin must pass two-factor, a `two_factor` stage and a ' +
          'five-minute `two_factor_token` for `POST /api/googleOtpauth` and `POST /api/googleVerify`. ' +
          'After 5 failed attempts for one username from one address, or 20 from one address, within 15 ' +
          'minutes, or 100 for one username from anywhere within an hour: 429 with Retry-After.',
        body: loginBody,
        response: {
          200: z.union([loginAnswer, twoFactorChallenge]),
          400: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => {
      const { username, password } = request.body
      const attempt = await throttle.begin({ username, ip: request.ip })
      const [admin] = await db
        .select({
          id: admins.id,
          username: admins.username,
          hash: admins.passwordHash,
          status: admins.status,
          bound: sql<boolean>`${admins.twoFactorSecret} is not null`,
        })
        .from(admins)
        .where(eq(admins.username, username))
      // The same argon2 work whether or not the username exists, and one message for every failure, so
      // neither the answer nor its timing tells which usernames exist.
      const ok = admin ? await verifyPassword(admin.hash, password) : await verifyAgainstDummy(password)
      if (!admin || !ok || admin.status !== 'enabled') {
        // Who was tried, never with what; a name no admin has is kept out too, since it is often a password
        // typed into the wrong field (issue 65).
        await audit(db, request, {
          resource: 'auth',
          action: 'login-failed',
          actor: { id: null, username: admin ? admin.username : null },
        })
        attempt.failed()
        // Only who knows the password learns that the account exists and is disabled.
        throw invalidField('username', admin && ok ? 'auth.account_disabled' : 'auth.failed')
      }

      const stage = twoFactorStage(config.twoFactor, admin.bound)
      if (stage) {
        // Not a success yet: the username's count of failures stands until a code completes the login.
        await attempt.withdrawn()
        return { two_factor: stage, two_factor_token: await signTwoFactorToken(secret, admin.id) }
      }
      await attempt.succeeded()
      return completeLogin(db, config, secret, request, admin)
    },
  )

  r.get(
    '/auth/me',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The logged-in admin', response: { 200: dataOf(meRecord), 401: errorBody } },
    },
    async (request) => {
      return { data: meOf(adminOf(request), config.twoFactor, config.businessTimeZone) }
    },
  )

  r.post(
    '/logout',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'End this session', response: { 204: z.undefined(), 401: errorBody } },
    },
    async (request, reply) => {
      const admin = adminOf(request)
      await revokeSession(db, admin.sessionId)
      await audit(db, request, { resource: 'auth', recordId: admin.id, action: 'logout' })
      return reply.code(204).send()
    },
  )
}
