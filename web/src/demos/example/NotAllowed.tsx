import { Result } from 'antd'
import { useTranslation } from 'react-i18next'

/** The 403 state of a write screen the admin may not use. */
export function NotAllowed({ permission }: { permission: string }) {
  const { t } = useTranslation()
  return <Result status="403" title="403" subTitle={t('demos.example.notAllowed', { permission })} />
}
