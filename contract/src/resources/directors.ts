import { z } from 'zod'
import { defineContract } from '../resource.ts'
import { instant, recordId } from '../values.ts'

/** Directors credited on videos (spec section 3: a name). */
export const directorLimits = { name: 100 } as const

const directorInput = z.object({ name: z.string().trim().min(1).max(directorLimits.name) })

const directorRecord = z
  .object({ id: recordId, name: z.string(), created_at: instant, updated_at: instant })
  .meta({ id: 'Director' })

export const directorsContract = defineContract({
  path: 'directors',
  record: directorRecord,
  input: directorInput,
  list: {
    sortable: ['id', 'name', 'created_at', 'updated_at'],
    defaultSort: '-id',
    ranges: { created_at: true },
    keyword: true,
  },
})
