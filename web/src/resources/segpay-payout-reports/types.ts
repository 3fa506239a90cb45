import type { PayoutReport as WirePayoutReport } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type PayoutReport = Camelize<WirePayoutReport>
