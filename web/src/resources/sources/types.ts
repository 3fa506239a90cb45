import type { Source as WireSource } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Source = Camelize<WireSource>
