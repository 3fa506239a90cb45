import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { AntdProvider } from '../../app/AntdProvider.tsx'

export function ErrorPage({ status, kind }: { status: '401' | '404'; kind: 'unauthorized' | 'notFound' }) {
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
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('errors.back')}
          </Button>
        }
      />
    </AntdProvider>
  )
}
