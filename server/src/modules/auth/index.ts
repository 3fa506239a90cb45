import { eq } from 'drizzle-orm'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { verifyAgainstDummy, verifyPassword } from '../../auth/password.ts'
import { adminPermissionNames, createSession, revokeSession } from '../../auth/sessions.ts'
import { signAccessToken } from '../../auth/tokens.ts'
import { admins } from '../../db/schema/index.ts'
import { invalidField } from '../../lib/errors.ts'
import { dataOf, errorBody } from '../../lib/responses.ts'
import { adminOf } from '../../plugins/access.ts'
import type { ApiModule } from '../types.ts'

const loginBody = z.object({
  username: z.string().trim().min(1).max(255),
  password: z.string().min(1).max(1024),
})

const loginAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  permissions: z.array(z.string()),
})

const me = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  introduction: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
})

const tags = ['auth']

/** Login, the caller's own profile, and logout (API.md "Auth"). Two-factor comes in a later issue. */
export const authModule: ApiModule = async (app, { db, config, secret }) => {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log in with username and password',
        body: loginBody,
        response: { 200: loginAnswer, 400: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const { username, password } = request.body
      const [admin] = await db
        .select({
          id: admins.id,
          hash: admins.passwordHash,
          status: admins.status,
          permissions: adminPermissionNames,
        })
        .from(admins)
        .where(eq(admins.username, username))
      // The same argon2 work whether or not the username exists, and one message for every failure, so
      // neither the answer nor its timing tells which usernames exist.
      const ok = admin ? await verifyPassword(admin.hash, password) : await verifyAgainstDummy(password)
      if (!admin || !ok || admin.status !== 'enabled') throw invalidField('username', 'auth.failed')

      const session = await createSession(db, {
        adminId: admin.id,
        ttlSeconds: config.tokenTtlSeconds,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      })
      const token = await signAccessToken(
        secret,
        { adminId: admin.id, sessionId: session.id },
        session.expiresAt,
      )
      return {
        access_token: token,
        token_type: 'Bearer' as const,
        expires_in: config.tokenTtlSeconds,
        permissions: admin.permissions,
      }
    },
  )

  r.get(
    '/auth/me',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The logged-in admin', response: { 200: dataOf(me), 401: errorBody } },
    },
    async (request) => {
      const admin = adminOf(request)
      return {
        data: {
          id: admin.id,
          username: admin.username,
          name: admin.name,
          avatar: admin.avatar,
          introduction: admin.introduction,
          email: admin.email,
          // The client knows one role; what an admin may do is in `permissions` (spec section 6).
          roles: ['admin'],
          permissions: [...admin.permissions],
        },
      }
    },
  )

  r.post(
    '/logout',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'End this session', response: { 204: z.undefined(), 401: errorBody } },
    },
    async (request, reply) => {
      await revokeSession(db, adminOf(request).sessionId)
      return reply.code(204).send()
    },
  )
}
