import type { Director as WireDirector } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Director = Camelize<WireDirector>
