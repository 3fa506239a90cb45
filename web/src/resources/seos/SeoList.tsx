import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { seos } from './index.ts'
import type { Seo } from './types.ts'

const columns: ResourceColumn<Seo>[] = [
  { key: 'id', sortable: true, width: 80 },
  { key: 'title', sortable: true },
  { key: 'page', sortable: true },
  { key: 'tagName' },
  { key: 'description' },
  { key: 'updatedAt', sortable: true, type: 'datetime' },
]

export default function SeoList() {
  return (
    <ResourceList<Seo>
      resource={seos}
      columns={columns}
      filters={[{ name: 'tagId', kind: 'record', resource: 'tags' }]}
      defaultSort="-id"
    />
  )
}
