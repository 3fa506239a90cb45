import { useTranslation } from 'react-i18next'
import { ResourceAction } from '../../components/resource/ResourceAction.tsx'
import { useSession } from '../../stores/session.ts'
import { admins } from './index.ts'
import type { Admin } from './types.ts'

/** The status column and field: a green tag for enabled admins. */
export const adminStatus = { key: 'status', type: 'status', colors: { enabled: 'green' } } as const

/** The logged-in admin's id: nobody disables or deletes their own account (the server answers 409). */
export const useOwnId = (): number | undefined => useSession((state) => state.profile?.id)

/**
 * Enable a disabled admin or disable an enabled one, for admins holding enable-admins / disable-admins;
 * never disable on the caller's own account.
 */
export function AdminStatusAction({ admin, button }: { admin: Admin; button?: { type?: 'default' } }) {
  const { t } = useTranslation()
  const ownId = useOwnId()
  if (admin.status === 'enabled' && admin.id === ownId) return null
  return admin.status === 'enabled' ? (
    <ResourceAction
      resource={admins}
      id={admin.id}
      action="disable"
      confirm={t('admins.disableConfirm')}
      button={{ danger: true, ...button }}
    />
  ) : (
    <ResourceAction resource={admins} id={admin.id} action="enable" button={button} />
  )
}
