import { videoActions } from '@vod/contract/resources/videos'
import { useTranslation } from 'react-i18next'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { videos } from './index.ts'
import { flagOptions, videoStatusColors, videoStatusOptions } from './status.ts'
import type { Video } from './types.ts'

/** /videos: find videos by keyword (title or serial number), state, flags, tag, director, source and date. */
export default function VideoList() {
  const { t } = useTranslation()
  const columns: ResourceColumn<Video>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'cover', type: 'image', width: 96 },
    { key: 'serialNumber', sortable: true },
    { key: 'title', sortable: true },
    { key: 'status', sortable: true, type: 'status', colors: videoStatusColors },
    { key: 'isFree', type: 'flag' },
    { key: 'isMain', type: 'flag' },
    { key: 'views', sortable: true },
    { key: 'sourceName' },
    { key: 'publishedAt', sortable: true, type: 'datetime' },
  ]
  return (
    <ResourceList<Video>
      resource={videos}
      columns={columns}
      actions={videoActions}
      confirm={['publish']}
      exportable
      filters={[
        { name: 'status', options: videoStatusOptions(t) },
        { name: 'isFree', options: flagOptions(t) },
        { name: 'isMain', options: flagOptions(t) },
        { name: 'tagId', kind: 'record', resource: 'tags' },
        { name: 'categoryId', kind: 'record', resource: 'tag-categories' },
        { name: 'directorId', kind: 'record', resource: 'directors' },
        { name: 'sourceId', kind: 'record', resource: 'sources' },
        { name: 'publishedAt', kind: 'dateRange' },
      ]}
      defaultSort="-id"
    />
  )
}
