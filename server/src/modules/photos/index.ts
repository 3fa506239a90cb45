import { photosContract } from '@vod/contract'
import { photos } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/** GET /api/photos: every video's gallery photos in one list (changes go through /videos/{id}/photos). */
export const photosModule = defineResource({
  contract: photosContract,
  table: photos,
})
