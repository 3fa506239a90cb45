import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { sources } from './index.ts'
import type { Source } from './types.ts'

const columns: ResourceColumn<Source>[] = [
  { key: 'id', sortable: true, width: 80 },
  { key: 'name', sortable: true },
  { key: 'genreName', sortable: true },
  { key: 'createdAt', sortable: true, type: 'datetime' },
]

export default function SourceList() {
  return (
    <ResourceList<Source>
      resource={sources}
      columns={columns}
      filters={[
        { name: 'genreId', kind: 'record', resource: 'tags', where: { type: 'genre' } },
        { name: 'categoryId', kind: 'record', resource: 'tag-categories' },
      ]}
      defaultSort="-id"
    />
  )
}
