import type { ResourceDefinition } from '../components/resource/define-resource.ts'
import { admins } from './admins/index.ts'
import { auditLogs } from './audit-logs/index.ts'
import { roles } from './roles/index.ts'
import { tags } from './tags/index.ts'

/**
 * Every resource of the back-office, in menu order. A resource joins the app (routes, menu, strings) by
 * its folder and one line here.
 */
export const resources: readonly ResourceDefinition[] = [tags, admins, roles, auditLogs]
