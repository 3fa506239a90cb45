import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { deals } from './index.ts'
import { dealStatusColors } from './status.ts'
import type { Deal } from './types.ts'

/** /plans/deals/{id}. */
export default function DealShow() {
  return (
    <ResourceShow<Deal>
      resource={deals}
      items={[
        { key: 'name' },
        { key: 'planName' },
        { key: 'price', type: 'money' },
        { key: 'startedAt', type: 'datetime' },
        { key: 'endedAt', type: 'datetime' },
        { key: 'status', type: 'status', colors: dealStatusColors },
        { key: 'createdAt', type: 'datetime' },
        { key: 'updatedAt', type: 'datetime' },
      ]}
    />
  )
}
