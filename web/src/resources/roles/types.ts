import type { Permission as WirePermission, Role as WireRole } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Role = Camelize<WireRole>
export type Permission = Camelize<WirePermission>
