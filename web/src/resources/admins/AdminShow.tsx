import type { Admin } from '@vod/contract/resources/admins'
import type { Versioned } from '@vod/contract/versions'
import { useTranslation } from 'react-i18next'
import { ChildList } from '../../components/resource/ChildList.tsx'
import { ResourceAction } from '../../components/resource/ResourceAction.tsx'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { useSession } from '../../stores/session.ts'
import { useOwnAccountOffer } from './own-account.ts'

/** /permissions/admins/:id: the admin, its allocated members, and resetting its authenticator. */
export default function AdminShow() {
  const { t } = useTranslation()
  // What a reset means depends on whether logins ask for codes at all (TWO_FACTOR).
  const mode = useSession((state) => state.profile?.two_factor_mode) ?? 'optional'
  return (
    <ResourceShow<Versioned<Admin>>
      offer={useOwnAccountOffer()}
      items={[
        'username',
        'name',
        'phone',
        'email',
        'status',
        'roles',
        {
          field: 'two_factor_bound',
          render: (admin) => (
            <span data-testid="two-factor-bound">
              {t(admin.two_factor_bound ? 'resource.yes' : 'resource.no')}
            </span>
          ),
        },
        'created_at',
      ]}
      buttons={(admin) => (
        <ResourceAction
          id={admin.id}
          version={admin.version}
          action="reset-qrcode"
          path="resetQRCode"
          confirm={t(`admins.resetConfirm.${mode}`)}
          unavailable={admin.two_factor_bound ? undefined : t('admins.nothingToReset')}
          button={{ type: 'default', size: 'middle' }}
        />
      )}
    >
      {(admin) => (
        <ChildList
          id={admin.id}
          child="allocated-members"
          columns={['id', 'username', 'email', 'assigned_at']}
        />
      )}
    </ResourceShow>
  )
}
