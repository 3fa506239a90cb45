import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** A year, the usual HSTS lifetime once a site is served over TLS for good. */
const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * Security headers on every answer (API, web app, API reference), by @fastify/helmet: a Content Security
 * Policy the app and the reference page pass (scripts from this origin only, never framed; antd and Swagger
 * UI write inline styles, so styles may be inline), nosniff, no referrer, and the rest of helmet's
 * defaults. HSTS only when the request came over TLS: directly, or as a trusted proxy says (TRUST_PROXY);
 * on plain HTTP it would be ignored at best.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Avatars are links to anywhere; QR codes and icons are data: URLs.
          imgSrc: ["'self'", 'data:', 'https:', 'http:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: false,
    })
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    })
  },
  { name: 'security-headers' },
)
