import { type TagType, tagTypes } from '@vod/contract/resources/tags'
import { videoLimits } from '@vod/contract/resources/videos'
import { DatePicker, Input, InputNumber, Switch } from 'antd'
import dayjs from 'dayjs'
import type { UploadedFile } from '../../api/files.ts'
import { FillingUpload } from '../../components/form/FillingUpload.tsx'
import { MediaUpload } from '../../components/form/MediaUpload.tsx'
import { RecordPicker } from '../../components/resource/RecordPicker.tsx'
import { type ResourceField, ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { videos } from './index.ts'
import type { Video } from './types.ts'

const counts = [
  'originalViews',
  'subscriberTrailerViews',
  'visitorTrailerViews',
  'views',
  'likes',
  'dislikes',
] as const
const media = ['previewVideo', 'trailer', 'video'] as const
const tagField = (type: TagType) => `${type}Ids`

/** The record as the form holds it: tags split by type into three pickers, flags as switches, a date as dayjs. */
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
    directorIds: video.directors.map((director) => director.id),
    isFree: video.isFree === 1,
    isMain: video.isMain === 1,
    publishedAt: video.publishedAt ? dayjs(video.publishedAt) : null,
  }
}

const toBody = ({
  modelIds,
  studioIds,
  genreIds,
  isFree,
  isMain,
  publishedAt,
  ...rest
}: RecordValues): RecordValues => ({
  ...rest,
  tagIds: [modelIds, studioIds, genreIds].flatMap((ids) => (ids as number[] | undefined) ?? []),
  isFree: isFree ? 1 : 0,
  isMain: isMain ? 1 : 0,
  publishedAt: publishedAt ? dayjs(publishedAt as string).toISOString() : null,
  sourceId: rest.sourceId ?? null,
  description: rest.description ?? '',
  ...Object.fromEntries(['cover', ...media].map((field) => [field, rest[field] ?? null])),
})

/** The main video's upload also fills in its duration, as the server read it. */
const durationOf = (file: UploadedFile) =>
  file.duration === null ? {} : { videoDuration: Math.round(file.duration) }

export default function VideoForm() {
  const fields: ResourceField[] = [
    { name: 'title', required: true, input: <Input maxLength={videoLimits.title} /> },
    { name: 'serialNumber', required: true, input: <Input maxLength={videoLimits.serialNumber} /> },
    { name: 'cover', input: <MediaUpload kind="images" /> },
    { name: 'video', input: <FillingUpload kind="videos" fill={durationOf} /> },
    {
      name: 'videoDuration',
      input: <InputNumber min={0} max={86_400} precision={0} style={{ width: '100%' }} />,
    },
    { name: 'previewVideo', input: <MediaUpload kind="videos" /> },
    { name: 'trailer', input: <MediaUpload kind="videos" /> },
    {
      name: 'description',
      input: (
        <Input.TextArea
          maxLength={videoLimits.description}
          autoSize={{ minRows: 3, maxRows: 10 }}
          showCount
        />
      ),
    },
    ...tagTypes.map((type) => ({
      name: tagField(type),
      input: <RecordPicker resource="tags" where={{ type }} mode="multiple" allowClear />,
    })),
    { name: 'directorIds', input: <RecordPicker resource="directors" mode="multiple" allowClear /> },
    { name: 'sourceId', input: <RecordPicker resource="sources" allowClear /> },
    { name: 'isFree', input: <Switch />, valuePropName: 'checked' },
    { name: 'isMain', input: <Switch />, valuePropName: 'checked' },
    { name: 'publishedAt', input: <DatePicker showTime style={{ width: '100%' }} /> },
    ...counts.map((name) => ({
      name,
      input: <InputNumber min={0} precision={0} style={{ width: '100%' }} />,
    })),
  ]
  return (
    <ResourceForm
      resource={videos}
      fields={fields}
      toForm={toForm}
      toBody={toBody}
      initialValues={{ isFree: false, isMain: false }}
      maxWidth={720}
    />
  )
}
