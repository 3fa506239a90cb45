import { type Video, videosContract } from '@vod/contract'
import { eq, type SQL, sql } from 'drizzle-orm'
import {
  auditLogs,
  directors,
  photos,
  sources,
  tags,
  videoDirectors,
  videos,
  videoTags,
} from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { qualified } from '../../lib/resource/relations.ts'
import { declareSearch } from '../../lib/search/searchable.ts'

const keyword = [videos.title, { prefix: videos.serialNumber }]

/**
 * A field of the takedown a draft is in: its latest unpublish entry in the audit trail (the reason is kept
 * there, ActionSpec.reason); null while published. Unpublish entries are few and found by their action's
 * index, so a page of videos reads them cheaply.
 */
const takedown = (field: SQL) =>
  sql`case when ${qualified(videos.status)} = 'draft' then (select ${field} from ${auditLogs} where ${qualified(auditLogs.action)} = 'unpublish' and ${qualified(auditLogs.resource)} = 'videos' and ${qualified(auditLogs.recordId)} = ${qualified(videos.id)} order by ${qualified(auditLogs.id)} desc limit 1) end`

/**
 * The catalogue's videos (spec sections 3 and 7): filters and sorts for a million rows, tags and directors
 * written with the video, a gallery of photos, publishing, and the CSV export.
 */
export const videosModule = defineResource<Video>({
  contract: videosContract,
  table: videos,
  joins: [{ table: sources, on: eq(sources.id, videos.sourceId) }],
  present: {
    source_name: sources.name,
    taken_down_at: takedown(qualified(auditLogs.createdAt)),
    taken_down_by: takedown(qualified(auditLogs.adminUsername)),
    takedown_reason: takedown(sql`${qualified(auditLogs.changes)} ->> 'reason'`),
    photos_count: sql`(select count(*) from ${photos} where ${qualified(photos.videoId)} = ${qualified(videos.id)})::integer`,
  },
  list: {
    filters: {
      // Videos carrying any tag of the category.
      category_id: {
        where: (categoryId: number) =>
          sql`exists (select 1 from ${videoTags} join ${tags} on ${qualified(tags.id)} = ${qualified(videoTags.tagId)} where ${qualified(videoTags.videoId)} = ${qualified(videos.id)} and ${qualified(tags.categoryId)} = ${categoryId})`,
      },
    },
    keyword,
  },
  relations: {
    tag_ids: {
      through: videoTags,
      target: tags,
      filter: 'tag_id',
      present: {
        as: 'tags',
        fields: { id: tags.id, name: tags.name, type: tags.type },
        orderBy: [tags.type, tags.name],
      },
    },
    director_ids: {
      through: videoDirectors,
      target: directors,
      filter: 'director_id',
      present: {
        as: 'directors',
        fields: { id: directors.id, name: directors.name },
        orderBy: [directors.name],
      },
    },
  },
  uniques: { videos_serial_number_lower_unique: 'serial_number' },
  actions: {
    publish: {
      summary: 'Publish a draft video',
      description:
        'Sets `published_at` to now unless it was set already (a scheduled date). 409 when published.',
      async run({ tx, id, before }) {
        if (before.published_at === null)
          await tx.update(videos).set({ publishedAt: new Date() }).where(eq(videos.id, id))
      },
    },
  },
  children: {
    photos: { table: photos, position: photos.position },
  },
  // Every column PostgreSQL can write itself, so a million rows go out through COPY; tags and directors by
  // name, as the batch import's keys below (genres, models, studios, directors).
  export: {
    columns: [
      'id',
      'serial_number',
      'title',
      'status',
      'published_at',
      'video_duration',
      'views',
      'likes',
      'dislikes',
      'is_free',
      'is_main',
      'source_id',
      'source_name',
      'genres',
      'models',
      'studios',
      'directors',
      'cover',
      'video',
      'created_at',
    ],
  },
  // The spec's batch create: a CSV whose rows name their tags and directors (docs/resources.md "Catalogue").
  import: {
    maxBytes: 50 * 1024 * 1024,
    keys: {
      genres: { relation: 'tag_ids', key: tags.name, where: eq(tags.type, 'genre') },
      models: { relation: 'tag_ids', key: tags.name, where: eq(tags.type, 'model') },
      studios: { relation: 'tag_ids', key: tags.name, where: eq(tags.type, 'studio') },
      directors: { relation: 'director_ids', key: directors.name },
    },
  },
})

// The search box: a video by its title (anywhere in it) or the start of its serial number.
declareSearch({
  kind: 'videos',
  table: videos,
  label: videosContract.label,
  columns: keyword,
  detail: videos.serialNumber,
})
