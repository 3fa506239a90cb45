import type { Post as WirePost } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Post = Camelize<WirePost>
