import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { promotions } from './index.ts'
import { promotionStatusColors } from './status.ts'
import type { Promotion } from './types.ts'

/** /plans/promotions/{id}: the code, its period and uses, and the plans it applies to. */
export default function PromotionShow() {
  return (
    <ResourceShow<Promotion>
      resource={promotions}
      items={[
        { key: 'name' },
        { key: 'code' },
        { key: 'startedAt', type: 'datetime' },
        { key: 'endedAt', type: 'datetime' },
        { key: 'times' },
        { key: 'status', type: 'status', colors: promotionStatusColors },
        { key: 'plans', type: 'relation' },
        { key: 'createdAt', type: 'datetime' },
        { key: 'updatedAt', type: 'datetime' },
      ]}
    />
  )
}
