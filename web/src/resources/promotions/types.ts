import type { Promotion as WirePromotion } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Promotion = Camelize<WirePromotion>
