import { type TagType, tagTypes } from '@vod/contract/resources/tags'
import type { Video } from '@vod/contract/resources/videos'
import type { UploadedFile } from '../../api/files.ts'
import { FillingUpload } from '../../components/form/FillingUpload.tsx'
import { RecordPicker } from '../../components/resource/RecordPicker.tsx'
import { ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'

/** A picker per tag type, each holding that type's ids: `genre_ids`, `model_ids`, `studio_ids`. */
const tagField = (type: TagType) => `${type}_ids`

/** The video's tags split by type into their pickers. */
const toForm = (record: RecordValues): RecordValues => {
  const video = record as unknown as Video
  return {
    ...record,
    ...Object.fromEntries(
      tagTypes.map((type) => [
        tagField(type),
        video.tags.filter((tag) => tag.type === type).map((tag) => tag.id),
      ]),
    ),
  }
}

/** The three pickers' tags together again, as `tag_ids`. */
const toBody = (values: RecordValues): RecordValues => ({
  ...values,
  tag_ids: tagTypes.flatMap((type) => (values[tagField(type)] as number[] | undefined) ?? []),
})

/** The main video's upload also fills in its duration, as the server read it. */
const durationOf = (file: UploadedFile) =>
  file.duration === null ? {} : { video_duration: Math.round(file.duration) }

/** A video's form: its tags picked by type, the main video's duration filled from its upload. */
export default function VideoForm() {
  return (
    <ResourceForm
      toForm={toForm}
      toBody={toBody}
      maxWidth={720}
      fields={[
        'title',
        'serial_number',
        'cover',
        { name: 'video', input: <FillingUpload kind="videos" fill={durationOf} /> },
        'video_duration',
        'preview_video',
        'trailer',
        'description',
        ...tagTypes.map((type) => ({
          name: tagField(type),
          input: <RecordPicker resource="tags" where={{ type }} mode="multiple" allowClear />,
        })),
        'director_ids',
        'source_id',
        'is_free',
        'is_main',
        'published_at',
        'original_views',
        'subscriber_trailer_views',
        'visitor_trailer_views',
        'views',
        'likes',
        'dislikes',
      ]}
    />
  )
}
