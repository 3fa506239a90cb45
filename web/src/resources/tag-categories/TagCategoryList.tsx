import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { tagCategories } from './index.ts'
import type { TagCategory } from './types.ts'

const columns: ResourceColumn<TagCategory>[] = [
  { key: 'id', sortable: true, width: 80 },
  { key: 'name', sortable: true },
  { key: 'sort', sortable: true, width: 100 },
  { key: 'tagsCount', sortable: true, width: 100 },
  { key: 'createdAt', sortable: true, type: 'datetime' },
]

export default function TagCategoryList() {
  return <ResourceList<TagCategory> resource={tagCategories} columns={columns} defaultSort="sort" />
}
