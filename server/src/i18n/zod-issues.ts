import { issueMessage } from '@vod/contract'
import type { z } from 'zod'
import { attributeName, type Language, translate } from './index.ts'

type Issue = z.core.$ZodIssue & { input?: unknown }

/** Wire name of the field an issue is about; list rows count from 1 (API.md: `rows.<n>.<field>`). */
export function issueField(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === 'number' ? String(p + 1) : String(p))).join('.')
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
      const { key, params } = issueMessage(issue)
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
