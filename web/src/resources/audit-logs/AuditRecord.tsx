import type { AuditLog } from '@vod/contract/resources/audit-logs'
import { useTranslation } from 'react-i18next'
import { Reference } from '../../components/resource/Reference.tsx'
import { registeredResource } from '../../components/resource/registry.ts'

/** Entries whose record is an admin: a login names who logged in, a profile change whose profile it was. */
const adminEntries = new Set(['auth', 'profile'])

/**
 * The record an entry is about, by name and linked to its page: a deleted record by the name the entry
 * recorded with it (its changes are the record as it was), since it can no longer be asked for.
 */
export function AuditRecord({ log }: { log: AuditLog }) {
  const { t } = useTranslation()
  const resource = adminEntries.has(log.resource) ? 'admins' : log.resource
  const label = registeredResource(resource)?.contract.label ?? 'name'
  const recorded = log.action === 'delete' ? log.changes?.[label] : undefined
  if (typeof recorded === 'string' && recorded)
    return (
      <span title={`#${log.record_id}`}>
        {recorded} {t('audit-logs.deleted')}
      </span>
    )
  return <Reference resource={resource} id={log.record_id} />
}
