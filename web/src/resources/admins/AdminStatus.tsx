import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { ResourceAction } from '../../components/resource/ResourceAction.tsx'
import { admins } from './index.ts'
import type { Admin } from './types.ts'

export function AdminStatusTag({ status }: { status: Admin['status'] }) {
  const { t } = useTranslation()
  return <Tag color={status === 'enabled' ? 'green' : 'default'}>{t(`admins.statuses.${status}`)}</Tag>
}

/** Enable a disabled admin or disable an enabled one, for admins holding enable-admins / disable-admins. */
export function AdminStatusAction({ admin, button }: { admin: Admin; button?: { type?: 'default' } }) {
  const { t } = useTranslation()
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
