import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { sites } from './index.ts'
import { siteStatusColors } from './status.ts'
import type { Site } from './types.ts'

export default function SiteShow() {
  return (
    <ResourceShow<Site>
      resource={sites}
      items={[
        { key: 'name' },
        { key: 'domain' },
        { key: 'status', type: 'status', colors: siteStatusColors },
        { key: 'createdAt', type: 'datetime' },
        { key: 'updatedAt', type: 'datetime' },
      ]}
    />
  )
}
