import { formatMessage, issueMessage } from '@vod/contract'
import type { FormRule } from 'antd'
import type { z } from 'zod'

/** Whether a schema takes a value as it is. */
const accepts = (schema: z.ZodType | undefined, value: unknown) => schema?.safeParse(value).success ?? false

/**
 * A form's values as its body: the body's fields only; an emptied field that may be left out but not sent
 * empty (an optional number, a text without a way to be cleared) is left out; everything else goes as the
 * inputs hold it.
 */
export function bodyOf(schema: z.ZodObject, values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    const field = schema.shape[name] as z.ZodType | undefined
    const empty = value === null || value === ''
    if (!field || value === undefined || (empty && !accepts(field, value) && accepts(field, undefined)))
      continue
    body[name] = value
  }
  return body
}

/**
 * The one adapter from the contract's zod rules to a form field (react-admin validates with the same
 * schema its API does): the field is checked by the whole body's schema, so rules over several fields (an
 * end not before its start) show too, and its first issue reads as the server's 422 would say it.
 */
export function zodRule(schema: z.ZodObject, field: string, label: string, language: string): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (_rule, value: unknown) => {
      const body = bodyOf(schema, { ...getFieldsValue(true), [field]: value })
      const result = schema.safeParse(body)
      if (result.success) return
      const issue = result.error.issues.find((each) => each.path[0] === field)
      if (!issue) return
      const { key, params } = issueMessage(issue)
      throw new Error(
        formatMessage(language === 'zh-cn' ? 'zh-CN' : 'en', key, { attribute: label, ...params }),
      )
    },
  })
}
