import { useTranslation } from 'react-i18next'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { flagOptions } from '../videos/status.ts'
import { posts } from './index.ts'
import { postStatusColors, postStatusOptions } from './status.ts'
import type { Post } from './types.ts'

export default function PostList() {
  const { t } = useTranslation()
  const columns: ResourceColumn<Post>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'cover', type: 'image', width: 96 },
    { key: 'title', sortable: true },
    { key: 'status', sortable: true, type: 'status', colors: postStatusColors },
    { key: 'isSticky', sortable: true, type: 'flag' },
    { key: 'publishedAt', sortable: true, type: 'datetime' },
    { key: 'updatedAt', sortable: true, type: 'datetime' },
  ]
  return (
    <ResourceList<Post>
      resource={posts}
      columns={columns}
      filters={[
        { name: 'status', options: postStatusOptions(t) },
        { name: 'isSticky', options: flagOptions(t) },
        { name: 'publishedAt', kind: 'dateRange' },
      ]}
      defaultSort="-id"
    />
  )
}
