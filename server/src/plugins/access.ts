import { ID_MAX, isNumericId, type PermissionName } from '@vod/contract'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { type PermissionCatalogue, permissionCatalogue } from '../auth/catalogue.ts'
import { redeemDownloadTicket } from '../auth/download-tickets.ts'
import type { SessionLookup } from '../auth/session-cache.ts'
import { type AuthenticatedAdmin, sessionEndReason } from '../auth/sessions.ts'
import { verifyAccessToken, verifyTwoFactorToken, wasAccessToken } from '../auth/tokens.ts'
import type { Db } from '../db/client.ts'
import { auditRefusal } from '../lib/audit.ts'
import { ApiError, forbidden, sessionEnded, unauthenticated } from '../lib/errors.ts'

/**
 * What a route demands of its caller; every /api route declares exactly one in its `config`:
 * `{ permission: 'list-tags' }`, `{ access: 'authenticated' }` (any logged-in admin), `{ access: 'public' }`,
 * or `{ access: 'two-factor' }`: a logged-in admin, or a login half way through, holding the short-lived
 * two-factor token POST /api/login gave after the right password (only the two authenticator routes).
 */
const accessKinds = ['public', 'authenticated', 'two-factor'] as const
type AccessKind = (typeof accessKinds)[number]

/** One /api route and its declaration, as checked at registration. */
interface AccessEntry {
  method: string
  url: string
  permission?: PermissionName
  access?: AccessKind
  /** A download a browser navigates to, which also accepts a download ticket. */
  download?: true
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declaration, in registration order (the API reference is checked against it). */
    accessTable: AccessEntry[]
  }
  interface FastifyContextConfig {
    permission?: PermissionName
    access?: AccessKind
    /** A file a browser downloads by navigating to it: it also takes a `ticket` (download-tickets). */
    download?: true
    /**
     * The resource whose field rules narrow the answer (lib/resource/field-access.ts): the API document
     * lists, per operation, the fields a caller's rules may leave out or mask (openapi.ts).
     */
    fieldRules?: string
    /**
     * The answer holds kept figures: field rules may leave some out (contract `hideableFigures`), and a
     * database that keeps none answers 503 saying why (modules/analytics/keeping/unkept.ts).
     */
    figures?: true
  }
}

/** The API reference pages come from @fastify/swagger-ui, which cannot carry our config; they are public by design. */
export const DOCS_PREFIX = '/api/docs'

/** The resource of an /api route: its first path segment under /api (`/api/tags/:id` -> tags). */
export function resourceOf(url: string): string {
  return url.split('/')[2] ?? 'api'
}

/** Routes that must declare their access: all of /api except the reference pages. */
function mustDeclare(url: string): boolean {
  if (!url.startsWith('/api/') && url !== '/api') return false
  return url !== DOCS_PREFIX && !url.startsWith(`${DOCS_PREFIX}/`)
}

/** The route declaration, checked: anything but exactly one valid declaration is a programming error. */
function routeAccessProblem(
  route: Pick<RouteOptions, 'url' | 'method' | 'config'>,
  catalogue: PermissionCatalogue = permissionCatalogue(),
): string | null {
  const url = route.url ?? ''
  if (!mustDeclare(url)) return null
  const config = (route.config ?? {}) as { permission?: unknown; access?: unknown }
  const name = `${String(route.method)} ${url}`
  const hasPermission = config.permission !== undefined
  const hasAccess = config.access !== undefined
  if (hasPermission === hasAccess)
    return `${name} must declare exactly one of config.permission or config.access (${accessKinds.map((k) => `'${k}'`).join(' | ')}).`
  if (hasPermission && (typeof config.permission !== 'string' || !catalogue.has(config.permission)))
    return `${name} declares permission "${String(config.permission)}", which is not in the contract's catalogue.`
  if (hasAccess && !accessKinds.includes(config.access as AccessKind))
    return `${name} declares access "${String(config.access)}"; use ${accessKinds.map((k) => `'${k}'`).join(', ')}.`
  return null
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1] ?? null
}

/**
 * The one place where access is decided. At registration, a /api route without a valid declaration stops the
 * app from starting (deny by default). On each request, a non-public route needs a genuine access token whose
 * session is live and whose admin is enabled, and, where a permission is named, that permission now (a refusal
 * is written to the audit trail, once a minute per admin and route). Two-factor tokens open the 'two-factor'
 * routes and nothing else. A route marked `download` also takes a one-use download ticket in place of the
 * token (auth/download-tickets.ts).
 */
export const accessPlugin = fp(
  async (
    app: FastifyInstance,
    options: { db: Db; secret: Uint8Array; sessions: SessionLookup; catalogue: PermissionCatalogue },
  ) => {
    app.decorateRequest('admin', null)
    app.decorateRequest('twoFactorAdminId', null)

    async function loggedIn(token: string | null) {
      const claims = token ? await verifyAccessToken(options.secret, token) : null
      const admin = claims ? await options.sessions.find(claims.sessionId, claims.adminId) : null
      return { admin, claims }
    }

    /** A navigated download names a one-use ticket instead of a token; it opens that path once. */
    async function ticketHolder(request: FastifyRequest): Promise<AuthenticatedAdmin | null> {
      const ticket = (request.query as Record<string, unknown> | undefined)?.ticket
      if (!request.routeOptions.config.download || typeof ticket !== 'string') return null
      const path = (request.url.split('?')[0] ?? '').slice('/api'.length)
      const holder = await redeemDownloadTicket(options.db, ticket, path)
      return holder ? options.sessions.find(holder.sessionId, holder.adminId) : null
    }

    async function recordForbidden(request: FastifyRequest, permission: PermissionName) {
      // Hooks run before the params are validated: the raw path id, when it is one at all.
      const id = (request.params as Record<string, string> | undefined)?.id
      try {
        await auditRefusal(options.db, request, {
          resource: resourceOf(request.routeOptions.url ?? ''),
          recordId: isNumericId(id) && Number(id) <= ID_MAX ? Number(id) : null,
          route: `${request.method} ${request.routeOptions.url}`,
          permission,
        })
      } catch (error) {
        // The refusal stands whether or not it could be written down.
        request.log.error({ err: error }, 'could not record a refused request in the audit trail')
      }
    }

    const table: AccessEntry[] = []
    app.decorate('accessTable', table)
    app.addHook('onRoute', (route) => {
      const problem = routeAccessProblem(route, options.catalogue)
      if (problem) throw new Error(problem)
      if (!mustDeclare(route.url)) return
      const { permission, access, download } = route.config ?? {}
      for (const method of [route.method].flat())
        table.push({
          method,
          url: route.url,
          ...(permission ? { permission } : {}),
          ...(access ? { access } : {}),
          ...(download ? { download } : {}),
        })
    })

    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config
      // Unknown routes (404), public routes and the web app's files need no one.
      if (
        config.permission === undefined &&
        config.access !== 'authenticated' &&
        config.access !== 'two-factor'
      )
        return

      const token = bearerToken(request)
      const { admin: tokenHolder, claims } = await loggedIn(token)
      const admin = tokenHolder ?? (token ? null : await ticketHolder(request))
      if (admin) request.admin = admin
      else if (config.access === 'two-factor' && token)
        request.twoFactorAdminId = await verifyTwoFactorToken(options.secret, token)
      if (!request.admin && request.twoFactorAdminId === null) {
        // A token that was presented but no longer works: the client says why (an expired token names
        // nobody any more, so it reads as an ended session).
        if (!token) throw unauthenticated()
        // A token that never opened a session is not told its session ended.
        if (!claims && !(await wasAccessToken(options.secret, token)))
          throw new ApiError(401, 'auth.token_invalid')
        throw sessionEnded(await sessionEndReason(options.db, claims?.adminId ?? null))
      }
      if (config.permission !== undefined && !admin?.permissions.has(config.permission)) {
        await recordForbidden(request, config.permission)
        throw forbidden()
      }
    })
  },
  { name: 'access', dependencies: ['i18n'] },
)
