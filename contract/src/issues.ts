import type { z } from 'zod'
import { type ValidationKey, validationMessages } from './validation-messages.ts'

type Issue = z.core.$ZodIssue & { input?: unknown }
export type IssueParams = Record<string, string | number>

const isValidationKey = (key: string): key is ValidationKey => Object.hasOwn(validationMessages.en, key)

function isMissing(issue: Issue): boolean {
  return !('input' in issue) || issue.input === undefined || issue.input === null
}

function sizeKey(origin: string, bound: 'min' | 'max'): ValidationKey {
  if (origin === 'string') return `validation.${bound}.string`
  if (origin === 'array' || origin === 'set') return `validation.${bound}.array`
  return `validation.${bound}.number`
}

const typeKeys: Record<string, ValidationKey> = {
  string: 'validation.string',
  int: 'validation.integer',
  bigint: 'validation.integer',
  number: 'validation.number',
  boolean: 'validation.boolean',
  array: 'validation.array',
  object: 'validation.object',
  date: 'validation.date',
}

/**
 * The message of one zod issue, as a key of validation-messages.ts and its parameters: the server writes it
 * into a 422, a form shows it under its field. A schema may carry a key of its own as the issue's message.
 */
export function issueMessage(issue: Issue): { key: ValidationKey; params: IssueParams } {
  if (isValidationKey(issue.message)) {
    const params = (issue as { params?: IssueParams }).params ?? {}
    return { key: issue.message, params }
  }
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing(issue)) return { key: 'validation.required', params: {} }
      return { key: typeKeys[issue.expected] ?? 'validation.invalid', params: {} }
    case 'too_small':
      // An empty (or blank, once trimmed) text reads as a missing one, as people expect from a form.
      if (issue.origin === 'string' && Number(issue.minimum) === 1)
        return { key: 'validation.required', params: {} }
      return { key: sizeKey(issue.origin, 'min'), params: { min: Number(issue.minimum) } }
    case 'too_big':
      return { key: sizeKey(issue.origin, 'max'), params: { max: Number(issue.maximum) } }
    case 'invalid_value':
      return isMissing(issue)
        ? { key: 'validation.required', params: {} }
        : { key: 'validation.in', params: {} }
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'validation.email', params: {} }
      if (issue.format === 'url') return { key: 'validation.url', params: {} }
      if (issue.format === 'date' || issue.format === 'datetime')
        return { key: 'validation.date', params: {} }
      return { key: 'validation.format', params: {} }
    case 'unrecognized_keys':
      return { key: 'validation.unknown_field', params: {} }
    default:
      return { key: 'validation.invalid', params: {} }
  }
}
