import type { Tag as WireTag } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Tag = Camelize<WireTag>
