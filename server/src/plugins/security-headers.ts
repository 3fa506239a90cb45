import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'

/** A year, the usual HSTS lifetime once a site is served over TLS for good. */
const HSTS = 'max-age=31536000; includeSubDomains'

const policy = helmet({
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

/**
 * The headers helmet sets, worked out once: they do not depend on the request (no nonces), and
 * @fastify/helmet rebuilt the middleware, parsing every directive, on each request (3% of a list request's
 * time under load).
 */
function headersOf(middleware: typeof policy): [string, string][] {
  const headers: [string, string][] = []
  const response = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => {},
  }
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {})
  return headers
}

/**
 * Security headers on every answer (API, web app, API reference), by helmet: a Content Security Policy the
 * app and the reference page pass (scripts from this origin only, never framed; antd and Swagger UI write
 * inline styles, so styles may be inline), nosniff, no referrer, and the rest of helmet's defaults. HSTS
 * only when the request came over TLS: directly, or as a trusted proxy says (TRUST_PROXY); on plain HTTP
 * it would be ignored at best.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const headers = headersOf(policy)
    app.addHook('onRequest', (request, reply, done) => {
      // On the raw response, as helmet does, so that error answers carry them too.
      for (const [name, value] of headers) reply.raw.setHeader(name, value)
      if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS)
      done()
    })
  },
  { name: 'security-headers' },
)
