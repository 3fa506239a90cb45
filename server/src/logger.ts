import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify'

/** pino options: secrets never reach the log, whatever gets logged. */
export function loggerOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: {
      paths: [
        'headers.authorization',
        'headers.cookie',
        '*.headers.authorization',
        '*.headers.cookie',
        '*.headers["set-cookie"]',
        'password',
        'access_token',
        '*.password',
        '*.access_token',
        '*.two_factor_token',
      ],
      censor: '[redacted]',
    },
  }
}

/**
 * One line per request at `info`, for an operator to search (docs/operations.md "Logs"): its id (`reqId`,
 * as every line of the request has it), the admin who made it (`admin`, null before a login), the method,
 * the route's template (`route`: never the path, which holds record ids), the status and the milliseconds
 * (`ms`); nothing of the query or the body. Fastify's own lines (received, completed, route not found) at
 * `debug`. Failed requests still log at `error`.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request')
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply)
    else if (!this.isLogDisabled(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
      reply.log.info(
        {
          admin: (request as { admin?: { id: number } }).admin?.id ?? null,
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      )
    }
  }

  override routeNotFound(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug(`Route ${request.method}:${request.url} not found`)
  }
}
