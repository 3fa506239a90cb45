import type { Seo as WireSeo } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Seo = Camelize<WireSeo>
