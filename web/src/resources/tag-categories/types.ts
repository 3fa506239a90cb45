import type { TagCategory as WireTagCategory } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type TagCategory = Camelize<WireTagCategory>
