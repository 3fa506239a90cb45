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
 * Fastify's line per request (received, completed, route not found) at `debug` instead of `info`: the
 * default level keeps to starts, stops, warnings and errors, and `LOG_LEVEL=debug` brings the requests back.
 * Failed requests still log at `error`.
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
    else if (!this.isLogDisabled(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }

  override routeNotFound(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug(`Route ${request.method}:${request.url} not found`)
  }
}
