import type { Plan as WirePlan } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Plan = Camelize<WirePlan>
