import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify'
import type { z } from 'zod'

export type ValidationIssue = FastifySchemaValidationError & { issue: z.core.$ZodIssue }

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
    const validation: ValidationIssue[] = result.error.issues.map((issue) => ({
      keyword: issue.code,
      instancePath: `/${issue.path.join('/')}`,
      schemaPath: '',
      params: {},
      message: issue.message,
      issue,
    }))
    return { error: validation }
  }

export function isValidationIssue(value: unknown): value is ValidationIssue {
  return typeof value === 'object' && value !== null && 'issue' in value
}
