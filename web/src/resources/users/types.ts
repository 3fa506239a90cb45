import type { User as WireUser } from '@vod/contract/resources/members'
import type { Camelize } from '../../api/case.ts'

export type User = Camelize<WireUser>
