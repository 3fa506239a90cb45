import { tagTypes } from '@vod/contract/resources/tags'
import { useTranslation } from 'react-i18next'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { tags } from './index.ts'
import type { Tag } from './types.ts'

export default function TagList() {
  const { t } = useTranslation()
  const columns: ResourceColumn<Tag>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'name', sortable: true },
    { key: 'type', sortable: true, render: (type) => t(`tags.types.${type}`) },
    { key: 'categoryName', sortable: true },
    { key: 'createdAt', sortable: true, type: 'datetime' },
    { key: 'updatedAt', sortable: true, type: 'datetime' },
  ]
  const typeOptions = tagTypes.map((type) => ({ value: type, label: t(`tags.types.${type}`) }))
  return (
    <ResourceList<Tag>
      resource={tags}
      columns={columns}
      filters={[
        { name: 'type', options: typeOptions },
        { name: 'categoryId', kind: 'record', resource: 'tag-categories' },
      ]}
      defaultSort="-createdAt"
    />
  )
}
