import { Space, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { ResourceAction } from '../../components/resource/ResourceAction.tsx'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { AdminStatusAction, AdminStatusTag } from './AdminStatus.tsx'
import { AllocatedMembers } from './AllocatedMembers.tsx'
import { admins } from './index.ts'
import type { Admin } from './types.ts'

/** /permissions/admins/:id: the admin, its allocated members, and resetting its authenticator. */
export default function AdminShow() {
  const { t } = useTranslation()
  return (
    <ResourceShow<Admin>
      resource={admins}
      items={[
        { key: 'username' },
        { key: 'name' },
        { key: 'phone' },
        { key: 'email' },
        { key: 'status', render: (_, admin) => <AdminStatusTag status={admin.status} /> },
        {
          key: 'roles',
          render: (_, admin) => (
            <Space size={[0, 4]} wrap>
              {admin.roles.map((role) => (
                <Tag key={role.id}>{role.name}</Tag>
              ))}
            </Space>
          ),
        },
        {
          key: 'twoFactorBound',
          render: (bound) => (
            <span data-testid="two-factor-bound">{t(bound ? 'resource.yes' : 'resource.no')}</span>
          ),
        },
        { key: 'createdAt', type: 'datetime' },
      ]}
      actions={(admin) => (
        <>
          <AdminStatusAction admin={admin} button={{ type: 'default' }} />
          <ResourceAction
            resource={admins}
            id={admin.id}
            action="reset-qrcode"
            path="resetQRCode"
            confirm={t('admins.resetConfirm')}
            button={{ type: 'default', size: 'middle' }}
          />
        </>
      )}
    >
      {(admin) => <AllocatedMembers adminId={admin.id} />}
    </ResourceShow>
  )
}
