import type { Admin as WireAdmin, AllocatedMember as WireMember } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Admin = Camelize<WireAdmin>
export type AllocatedMember = Camelize<WireMember>
