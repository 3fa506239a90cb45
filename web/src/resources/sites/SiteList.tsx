import { useTranslation } from 'react-i18next'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { sites } from './index.ts'
import { siteStatusColors, siteStatusOptions } from './status.ts'
import type { Site } from './types.ts'

export default function SiteList() {
  const { t } = useTranslation()
  const columns: ResourceColumn<Site>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'name', sortable: true },
    { key: 'domain', sortable: true },
    { key: 'status', sortable: true, type: 'status', colors: siteStatusColors },
    { key: 'updatedAt', sortable: true, type: 'datetime' },
  ]
  return (
    <ResourceList<Site>
      resource={sites}
      columns={columns}
      filters={[{ name: 'status', options: siteStatusOptions(t) }]}
      defaultSort="-id"
    />
  )
}
