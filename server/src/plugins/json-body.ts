import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { issueField } from '../i18n/zod-issues.ts'
import { ApiError, invalidField } from '../lib/errors.ts'

/** Containers (objects, arrays) nested deeper than this are refused: no form of this API comes near it. */
export const MAX_BODY_DEPTH = 64

type Path = (string | number)[]

/** One value met on the walk, with the way back to the root (so a path is built only for a finding). */
interface Step {
  value: unknown
  depth: number
  key: string | number | null
  parent: Step | null
}

function pathOf(step: Step): Path {
  const path: Path = []
  for (let s: Step | null = step; s?.key != null; s = s.parent) path.push(s.key)
  return path.reverse()
}

/**
 * What makes a parsed body unacceptable, if anything: nesting deeper than MAX_BODY_DEPTH, or a string
 * holding a NUL character (PostgreSQL text cannot store one), with its path. One pass without recursion,
 * each value visited once, so the work grows with the body's size whatever its shape.
 *
 * On the way it makes every string and key well-formed: a lone surrogate (`"\ud800"` in the JSON text, the
 * only way one arrives: text decoded from UTF-8 has none) becomes the replacement character U+FFFD, as the
 * drivers' UTF-8 would store it in a text column, and as jsonb (the audit trail's changes) could not take it
 * otherwise. The one place all JSON input passes, so every route and column stores the same text.
 */
export function bodyProblem(value: unknown): { tooDeep: true } | { nulAt: Path } | null {
  const pending: Step[] = [{ value, depth: 0, key: null, parent: null }]
  for (let step = pending.pop(); step; step = pending.pop()) {
    const v = step.value
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { nulAt: pathOf(step) }
      if (step.parent && step.key !== null && !v.isWellFormed())
        (step.parent.value as Record<string | number, unknown>)[step.key] = v.toWellFormed()
      continue
    }
    if (!v || typeof v !== 'object') continue
    if (step.depth >= MAX_BODY_DEPTH) return { tooDeep: true }
    if (!Array.isArray(v)) wellFormedKeys(v as Record<string, unknown>)
    const entries: [string | number, unknown][] = Array.isArray(v) ? [...v.entries()] : Object.entries(v)
    // Reversed onto the stack, so the first string in document order is the one reported.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as [string | number, unknown]
      pending.push({ value: item, depth: step.depth + 1, key, parent: step })
    }
  }
  return null
}

/** An object's keys made well-formed (a lone surrogate becomes U+FFFD), in place. */
function wellFormedKeys(object: Record<string, unknown>) {
  for (const key of Object.keys(object))
    if (!key.isWellFormed()) {
      const item = object[key]
      delete object[key]
      object[key.toWellFormed()] = item
    }
}

/**
 * JSON bodies, read with Fastify's own (prototype-poisoning safe) parser plus two rules: an empty body means
 * "no body" (body-less actions such as logout may still send a JSON content type), a string holding a NUL
 * character is refused with 422 here, instead of failing later inside PostgreSQL, and nesting past
 * MAX_BODY_DEPTH with 400, before any route spends work on it (login is public).
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string
      if (text === '') return done(null, undefined)
      parseJson(request, text, (error, parsed) => {
        if (error) return done(error, undefined)
        const problem = bodyProblem(parsed)
        if (problem && 'tooDeep' in problem)
          return done(new ApiError(400, 'errors.too_deep', { max: MAX_BODY_DEPTH }), undefined)
        if (problem)
          return done(
            invalidField(issueField(problem.nulAt) || 'body', 'validation.invalid_character'),
            undefined,
          )
        done(null, typeof parsed === 'string' ? parsed.toWellFormed() : parsed)
      })
    })
  },
  { name: 'json-body' },
)
