import type { Deal as WireDeal } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Deal = Camelize<WireDeal>
