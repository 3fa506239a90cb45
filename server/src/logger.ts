import type { FastifyServerOptions } from 'fastify'

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
