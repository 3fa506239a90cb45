import { ID_MAX } from '@vod/contract'
import { z } from 'zod'

/**
 * The `{id}` path parameter of every record route. A value that is not a positive decimal integer fails
 * validation, which the errors plugin turns into 404 (API.md: a non-numeric id is a 404).
 */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((n) => n <= ID_MAX)
    .meta({ description: 'Positive integer id' }),
})

/** `{id}` and `{childId}` of a child record's routes (`/videos/{id}/photos/{childId}`). */
export const childParams = idParams.extend({ childId: idParams.shape.id })
