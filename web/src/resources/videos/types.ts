import type { Photo as WirePhoto, Video as WireVideo } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Video = Camelize<WireVideo>
export type Photo = Camelize<WirePhoto>
