import { userActions } from '@vod/contract/resources/members'
import { Button, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { useCan } from '../../stores/permission.ts'
import { users } from './index.ts'
import { userStatusColors } from './status.ts'
import type { User } from './types.ts'
import { UserMails } from './UserMails.tsx'

/** /users/{id}: the member, enable / disable, its orders (with list-orders), and the e-mails an admin may send it. */
export default function UserShow() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const canListOrders = useCan('list', 'orders')
  return (
    <ResourceShow<User>
      resource={users}
      actions={userActions}
      confirm={['disable']}
      items={[
        { key: 'avatar', type: 'image' },
        { key: 'username' },
        { key: 'email' },
        { key: 'emailVerifiedAt', type: 'datetime' },
        { key: 'firstName' },
        { key: 'lastName' },
        { key: 'birthdate', type: 'date' },
        { key: 'phone' },
        { key: 'status', type: 'status', colors: userStatusColors },
        { key: 'planName' },
        { key: 'startDate', type: 'date' },
        { key: 'endDate', type: 'date' },
        { key: 'channelName' },
        { key: 'campaignName' },
        { key: 'banner', type: 'image' },
        { key: 'createdAt', type: 'datetime' },
        { key: 'updatedAt', type: 'datetime' },
      ]}
      buttons={(user) => (
        <Space wrap>
          {canListOrders && (
            <Button data-testid="user-orders" onClick={() => navigate(`/orders?user_id=${user.id}`)}>
              {t('users.ordersLink')}
            </Button>
          )}
          <UserMails user={user} />
        </Space>
      )}
    />
  )
}
