import { photoRecord, type photoSortable } from '@vod/contract'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { photos } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/** GET /api/photos: every video's gallery photos in one list (changes go through /videos/{id}/photos). */
export const photosModule = defineResource({
  path: 'photos',
  table: photos,
  record: photoRecord,
  input: photoRecord.pick({ url: true }),
  operations: ['list'],
  list: {
    sortable: { id: photos.id, position: photos.position, created_at: photos.createdAt } satisfies Record<
      (typeof photoSortable)[number],
      PgColumn
    >,
    filters: { video_id: { column: photos.videoId, type: 'int' } },
    defaultSort: '-id',
  },
})
