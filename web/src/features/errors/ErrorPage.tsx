import { Button, Result, Space } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { AntdProvider } from '../../components/antd/AntdProvider.tsx'

interface ErrorPageProps {
  status: '401' | '404'
  kind: 'unauthorized' | 'notFound'
  /** Buttons besides "back to the dashboard". */
  actions?: ReactNode
  /** false where the dashboard would only lead back here. */
  back?: boolean
}

export function ErrorPage({ status, kind, actions, back = true }: ErrorPageProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <AntdProvider>
      <Result
        status={status === '401' ? '403' : '404'}
        title={status}
        subTitle={
          <>
            <strong style={{ display: 'block' }}>{t(`errors.${kind}.title`)}</strong>
            {t(`errors.${kind}.message`)}
          </>
        }
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            {back && (
              <Button type="primary" onClick={() => navigate('/dashboard')}>
                {t('errors.back')}
              </Button>
            )}
            {actions}
          </Space>
        }
      />
    </AntdProvider>
  )
}
