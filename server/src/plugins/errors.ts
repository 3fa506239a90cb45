import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { attributeName } from '../i18n/index.ts'
import { translateIssues } from '../i18n/zod-issues.ts'
import { DATE_OUT_OF_RANGE, isConnectionLost, postgresError } from '../lib/db-errors.ts'
import { ApiError, databaseUnavailable } from '../lib/errors.ts'
import { isValidationIssue } from '../lib/validation.ts'

function send(
  reply: FastifyReply,
  status: number,
  body: { message: string; errors?: Record<string, string[]>; reason?: string; [extra: string]: unknown },
) {
  return reply.code(status).type('application/json; charset=utf-8').send(body)
}

function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  reply.headers(error.headers)
  if (!error.fields)
    return send(reply, error.status, {
      message: request.t(error.key, error.params),
      ...(error.reason ? { reason: error.reason } : {}),
      ...error.extra,
    })
  const errors: Record<string, string[]> = {}
  for (const [field, list] of Object.entries(error.fields)) {
    errors[field] = list.map((f) =>
      request.t(f.key, { attribute: attributeName(request.lang, field), ...f.params }),
    )
  }
  const first = Object.values(errors)[0]?.[0] ?? request.t(error.key, error.params)
  return send(reply, error.status, { message: first, errors })
}

function sendValidationError(request: FastifyRequest, reply: FastifyReply, error: FastifyError) {
  // A path id that is not a number names no record (API.md).
  if (error.validationContext === 'params')
    return send(reply, 404, { message: request.t('errors.not_found') })
  const issues = (error.validation ?? []).filter(isValidationIssue).map((v) => v.issue)
  if (
    error.validationContext === 'body' &&
    issues.some((i) => i.path.length === 0 && i.code !== 'unrecognized_keys')
  )
    return send(reply, 400, { message: request.t('errors.body_not_object') })
  const errors = translateIssues(request.lang, issues)
  const first = Object.values(errors)[0]?.[0] ?? request.t('errors.bad_request')
  return send(reply, 422, { message: first, errors })
}

/**
 * The one place that writes error answers: every failure leaves as API.md's JSON shape, in the request's
 * language. Expected client mistakes keep their 4xx; a database out of reach is 503 with Retry-After;
 * anything else is a bug, logged with its request id and answered as a bare 500 that shows no stack or SQL.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setNotFoundHandler((request, reply) => send(reply, 404, { message: request.t('errors.not_found') }))

    app.setErrorHandler((error: FastifyError, request, reply) => {
      // Refused before its body was read (an upload too large, not CSV, ...): the client may still be sending.
      // Closing the connection after the answer tells it to stop instead of leaving it to block on a full socket.
      if (!request.raw.complete) reply.header('connection', 'close')
      if (error instanceof ApiError) return sendApiError(request, reply, error)
      // Not a bug: the database is down or dropped the connection. The client may simply try again.
      if (isConnectionLost(error)) {
        request.log.warn({ err: error }, 'database unreachable')
        return sendApiError(request, reply, databaseUnavailable())
      }
      if (error.validation) return sendValidationError(request, reply, error)
      // A safety net under the contract's date rule: a date PostgreSQL cannot hold is the client's.
      if (DATE_OUT_OF_RANGE.has(postgresError(error)?.code ?? ''))
        return send(reply, 422, { message: request.t('errors.date_out_of_range'), errors: {} })
      switch (error.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
          return send(reply, 400, { message: request.t('errors.bad_json') })
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return send(reply, 400, {
            message: request.t('errors.content_type', {
              type: String(request.headers['content-type'] ?? '').slice(0, 100),
            }),
          })
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
        case 'FST_REQ_FILE_TOO_LARGE':
        case 'FST_FILES_LIMIT':
        case 'FST_PARTS_LIMIT':
        case 'FST_FIELDS_LIMIT':
          return send(reply, 413, { message: request.t('errors.too_large') })
      }
      const status = error.statusCode ?? 500
      if (status === 405) return send(reply, 405, { message: request.t('errors.method_not_allowed') })
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'client error')
        return send(reply, status, { message: request.t('errors.bad_request') })
      }
      request.log.error({ err: error }, 'unexpected error')
      return reply
        .code(500)
        .type('application/json; charset=utf-8')
        .send({ message: request.t('errors.server'), request_id: request.id })
    })
  },
  { name: 'errors', dependencies: ['i18n'] },
)

/**
 * Requests Node rejects before Fastify sees them (oversized headers, broken HTTP): still JSON, in English,
 * since no request exists to choose a language from.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
  const body = JSON.stringify({
    message: status === 431 ? 'The request headers are too large.' : 'The request is malformed.',
  })
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
