import type { AuditLog as WireAuditLog } from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

/** `changes` keeps its own shape: field names are camelCased by the HTTP module, values untouched. */
export type AuditLog = Omit<Camelize<WireAuditLog>, 'changes'> & { changes: WireAuditLog['changes'] }
