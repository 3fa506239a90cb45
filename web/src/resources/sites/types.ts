import type { Site as WireSite } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Site = Camelize<WireSite>
