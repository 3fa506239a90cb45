import type { Order as WireOrder } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Order = Camelize<WireOrder>
