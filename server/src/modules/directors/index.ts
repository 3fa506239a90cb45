import { directorInput, directorRecord, type directorSortable } from '@vod/contract'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { directors } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/** Directors credited on videos; a name is unique regardless of letter case. */
export const directorsModule = defineResource({
  path: 'directors',
  table: directors,
  record: directorRecord,
  input: directorInput,
  list: {
    sortable: {
      id: directors.id,
      name: directors.name,
      created_at: directors.createdAt,
      updated_at: directors.updatedAt,
    } satisfies Record<(typeof directorSortable)[number], PgColumn>,
    ranges: { created_at: { column: directors.createdAt, type: 'date' } },
    keyword: [directors.name],
    defaultSort: '-id',
  },
})
