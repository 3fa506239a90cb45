import type { z } from 'zod'
import {
  attributeName,
  isMessageKey,
  type Language,
  type MessageKey,
  type MessageParams,
  translate,
} from './index.ts'

type Issue = z.core.$ZodIssue & { input?: unknown }

/** Wire name of the field an issue is about; list rows count from 1 (API.md: `rows.<n>.<field>`). */
export function issueField(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === 'number' ? String(p + 1) : String(p))).join('.')
}

function isMissing(issue: Issue): boolean {
  return !('input' in issue) || issue.input === undefined || issue.input === null
}

function sizeKey(origin: string, bound: 'min' | 'max'): MessageKey {
  if (origin === 'string') return `validation.${bound}.string`
  if (origin === 'array' || origin === 'set') return `validation.${bound}.array`
  return `validation.${bound}.number`
}

/** The message key for one zod issue. Schemas may carry a key of their own as the issue message. */
function keyOf(issue: Issue): { key: MessageKey; params: MessageParams } {
  if (isMessageKey(issue.message)) {
    const params = (issue as { params?: MessageParams }).params ?? {}
    return { key: issue.message, params }
  }
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing(issue)) return { key: 'validation.required', params: {} }
      switch (issue.expected) {
        case 'string':
          return { key: 'validation.string', params: {} }
        case 'int':
        case 'bigint':
          return { key: 'validation.integer', params: {} }
        case 'number':
          return { key: 'validation.number', params: {} }
        case 'boolean':
          return { key: 'validation.boolean', params: {} }
        case 'array':
          return { key: 'validation.array', params: {} }
        case 'object':
          return { key: 'validation.object', params: {} }
        case 'date':
          return { key: 'validation.date', params: {} }
        default:
          return { key: 'validation.invalid', params: {} }
      }
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

/** Zod issues -> API.md's `errors` object: wire field name -> translated messages, first issue first. */
export function translateIssues(lang: Language, issues: readonly Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) {
    const fields =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((k) => issueField([...issue.path, k]))
        : [issueField(issue.path)]
    for (const field of fields) {
      const { key, params } = keyOf(issue)
      const leaf =
        field
          .split('.')
          .filter((p) => !/^\d+$/.test(p))
          .pop() ?? field
      const message = translate(lang, key, { attribute: attributeName(lang, leaf), ...params })
      const list = errors[field] ?? []
      errors[field] = list
      if (!list.includes(message)) list.push(message)
    }
  }
  return errors
}
