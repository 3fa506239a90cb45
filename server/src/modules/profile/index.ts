import { adminPassword } from '@vod/contract/resources/admins'
import { eq } from 'drizzle-orm'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { meOf, meRecord } from '../../auth/me.ts'
import { hashPassword, verifyPassword } from '../../auth/password.ts'
import { adminOf, revokeSessionsOf } from '../../auth/sessions.ts'
import { admins } from '../../db/schema/index.ts'
import { audit, updatedChanges } from '../../lib/audit.ts'
import { invalidField } from '../../lib/errors.ts'
import { dataOf, errorBody } from '../../lib/responses.ts'
import type { ApiModule } from '../types.ts'

/** Text that may be cleared: null, or an empty (once trimmed) string, stores null. */
const clearable = <T extends z.ZodType<string, string>>(text: T) =>
  z.union([z.null(), text]).transform((value) => (value === null || value === '' ? null : value))

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
    message: 'validation.url',
  })

const email = z.email()
const emailAddress = z
  .string()
  .trim()
  .max(255)
  .refine((value) => value === '' || email.safeParse(value).success, { message: 'validation.email' })

/** What an admin may change about themself; fields left out keep their values (API.md). */
const profileBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    avatar: clearable(httpUrl),
    email: clearable(emailAddress),
    introduction: clearable(z.string().trim().max(1000)),
  })
  .partial()

const passwordBody = z.object({ current_password: z.string().min(1).max(1024), password: adminPassword })

const tags = ['profile']

/**
 * The logged-in admin's own profile and password (the profile screen). Any admin may change their own;
 * changing the password ends every other session of theirs and keeps the one that did it.
 */
export const profileModule: ApiModule = async (app, { db, config, throttle }) => {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.put(
    '/auth/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Change your own name, avatar, e-mail and introduction',
        body: profileBody,
        response: { 200: dataOf(meRecord), 400: errorBody, 401: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const admin = adminOf(request)
      const changes = request.body
      const saved = Object.keys(changes).length
        ? await db.transaction(async (tx) => {
            const [row] = await tx.update(admins).set(changes).where(eq(admins.id, admin.id)).returning()
            const profileOf = (from: typeof admin | typeof row) =>
              from && {
                name: from.name,
                avatar: from.avatar,
                email: from.email,
                introduction: from.introduction,
              }
            const changed = row && updatedChanges(profileOf(admin) as object, profileOf(row) as object)
            if (changed)
              await audit(tx, request, {
                resource: 'profile',
                recordId: admin.id,
                action: 'update',
                changes: changed,
              })
            return row
          })
        : admin
      return {
        data: meOf(
          { ...admin, ...saved, permissions: admin.permissions },
          config.twoFactor,
          config.businessTimeZone,
        ),
      }
    },
  )

  r.put(
    '/auth/password',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Change your own password; your other sessions end',
        body: passwordBody,
        response: { 204: z.undefined(), 400: errorBody, 401: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request)
      // A wrong current password is a password guess: it counts against the same limit as a failed login,
      // so a borrowed session cannot be used to try passwords.
      const attempt = await throttle.begin({ username: admin.username, ip: request.ip })
      const [row] = await db.select({ hash: admins.passwordHash }).from(admins).where(eq(admins.id, admin.id))
      if (!row || !(await verifyPassword(row.hash, request.body.current_password))) {
        attempt.failed()
        throw invalidField('current_password', 'auth.wrong_current_password')
      }
      await attempt.succeeded()
      if (request.body.password === request.body.current_password)
        throw invalidField('password', 'auth.same_password')
      const passwordHash = await hashPassword(request.body.password)
      // Together or not at all: a new password with the old sessions still alive would be a half change.
      await db.transaction(async (tx) => {
        await tx.update(admins).set({ passwordHash }).where(eq(admins.id, admin.id))
        await revokeSessionsOf(tx, admin.id, { except: admin.sessionId })
        await audit(tx, request, {
          resource: 'profile',
          recordId: admin.id,
          action: 'change-password',
          changes: updatedChanges({}, {}, ['password']),
        })
      })
      return reply.code(204).send()
    },
  )
}
