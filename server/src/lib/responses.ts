import { z } from 'zod'

/** API.md's error body, declared on routes so the OpenAPI document shows it. */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** 401 to a presented token only: why it stopped working. */
  reason: z.enum(['session_ended', 'account_disabled']).optional(),
})

/** The error answers any protected route can give. */
export const protectedErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 422: errorBody } as const
export const recordErrors = { ...protectedErrors, 404: errorBody } as const
/**
 * Reads by text staff typed (a list's keyword, the search box) past their slots and line
 * (plugins/search-slots.ts): 429 with Retry-After.
 */
export const searchErrors = { 429: errorBody } as const

export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item })
