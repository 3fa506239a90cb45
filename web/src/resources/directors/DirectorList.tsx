import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { directors } from './index.ts'
import type { Director } from './types.ts'

const columns: ResourceColumn<Director>[] = [
  { key: 'id', sortable: true, width: 80 },
  { key: 'name', sortable: true },
  { key: 'createdAt', sortable: true, type: 'datetime' },
  { key: 'updatedAt', sortable: true, type: 'datetime' },
]

export default function DirectorList() {
  return <ResourceList<Director> resource={directors} columns={columns} defaultSort="-id" />
}
