import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { issueField } from '../i18n/zod-issues.ts'
import { invalidField } from '../lib/errors.ts'

/** Path of the first string holding a NUL character, which PostgreSQL text cannot store. */
export function findNulString(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findNulString(item, [...path, i])
      if (found) return found
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNulString(item, [...path, key])
      if (found) return found
    }
  }
  return null
}

/**
 * JSON bodies, read with Fastify's own (prototype-poisoning safe) parser plus two rules: an empty body means
 * "no body" (body-less actions such as logout may still send a JSON content type), and a string holding a NUL
 * character is refused with 422 here, instead of failing later inside PostgreSQL.
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string
      if (text === '') return done(null, undefined)
      parseJson(request, text, (error, parsed) => {
        if (error) return done(error, undefined)
        const path = findNulString(parsed)
        if (path)
          return done(invalidField(issueField(path) || 'body', 'validation.invalid_character'), undefined)
        done(null, parsed)
      })
    })
  },
  { name: 'json-body' },
)
