import type { Subscription as WireSubscription } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Subscription = Camelize<WireSubscription>
