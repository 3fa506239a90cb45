import { useTranslation } from 'react-i18next'
import { ResourceAction } from '../../components/resource/ResourceAction.tsx'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { useSession } from '../../stores/session.ts'
import { AdminStatusAction, adminStatus } from './AdminStatus.tsx'
import { AllocatedMembers } from './AllocatedMembers.tsx'
import { admins } from './index.ts'
import type { Admin } from './types.ts'

/** /permissions/admins/:id: the admin, its allocated members, and resetting its authenticator. */
export default function AdminShow() {
  const { t } = useTranslation()
  // What a reset means depends on whether logins ask for codes at all (TWO_FACTOR).
  const mode = useSession((state) => state.profile?.twoFactorMode) ?? 'optional'
  return (
    <ResourceShow<Admin>
      resource={admins}
      items={[
        { key: 'username' },
        { key: 'name' },
        { key: 'phone' },
        { key: 'email' },
        adminStatus,
        { key: 'roles', type: 'relation' },
        {
          key: 'twoFactorBound',
          render: (bound) => (
            <span data-testid="two-factor-bound">{t(bound ? 'resource.yes' : 'resource.no')}</span>
          ),
        },
        { key: 'createdAt', type: 'datetime' },
      ]}
      buttons={(admin) => (
        <>
          <AdminStatusAction admin={admin} button={{ type: 'default' }} />
          <ResourceAction
            resource={admins}
            id={admin.id}
            action="reset-qrcode"
            path="resetQRCode"
            confirm={t(`admins.resetConfirm.${mode}`)}
            unavailable={admin.twoFactorBound ? undefined : t('admins.nothingToReset')}
            button={{ type: 'default', size: 'middle' }}
          />
        </>
      )}
    >
      {(admin) => <AllocatedMembers adminId={admin.id} />}
    </ResourceShow>
  )
}
