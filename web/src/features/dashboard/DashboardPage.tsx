import { Card, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../stores/session.ts'

/** Placeholder: the dashboard's widgets come with a later issue. */
export default function DashboardPage() {
  const { t } = useTranslation()
  const name = useSession((state) => state.profile?.name || state.profile?.username || '')
  return (
    <Card>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('dashboard.welcome', { name })}
      </Typography.Title>
    </Card>
  )
}
