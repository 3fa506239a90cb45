import { z } from 'zod'

/** What a batch create answers (`POST /{path}/{import path}`, ResourceContract `import`): the rows' new ids. */
export const importAnswer = z.object({
  created: z.number().int(),
  ids: z.array(z.number().int()),
})
export type ImportAnswer = z.infer<typeof importAnswer>
