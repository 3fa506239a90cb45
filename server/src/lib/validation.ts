import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify'
import type { z } from 'zod'

export type ValidationIssue = FastifySchemaValidationError & { issue: z.core.$ZodIssue }

function validationIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({
    keyword: issue.code,
    instancePath: `/${issue.path.join('/')}`,
    schemaPath: '',
    params: {},
    message: issue.message,
    issue,
  }))
}

/**
 * Validates requests with the route's zod schemas. Unlike the type provider's compiler it keeps each raw
 * zod issue (with its input, to tell "missing" from "wrong"), so the errors plugin can translate it into the
 * language of the request instead of zod's English.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true })
    if (result.success) return { value: result.data }
    return { error: validationIssues(result.error.issues) }
  }

export function isValidationIssue(value: unknown): value is ValidationIssue {
  return typeof value === 'object' && value !== null && 'issue' in value
}

/**
 * A 422 from issues found outside a route's schemas (the rows of an import), answered like a body that
 * failed its schema: each issue under its field (`rows.3.name`), translated by the errors plugin.
 */
export function validationFailure(issues: readonly z.core.$ZodIssue[]): Error {
  return Object.assign(new Error('validation failed'), {
    validation: validationIssues(issues),
    validationContext: 'body',
    statusCode: 422,
  })
}
