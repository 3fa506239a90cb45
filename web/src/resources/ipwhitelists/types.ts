import type { IpWhitelist as WireIpWhitelist } from '@vod/contract/resources/members'
import type { Camelize } from '../../api/case.ts'

export type IpWhitelist = Camelize<WireIpWhitelist>
