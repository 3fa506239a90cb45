import { Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/http.ts'

/** A record that could not be loaded: "does not exist" for a 404, else the error's message. */
export function RecordError({ error }: { error: Error }) {
  const { t } = useTranslation()
  const missing = error instanceof ApiError && error.status === 404
  return (
    <Result status={missing ? '404' : 'error'} subTitle={missing ? t('resource.notFound') : error.message} />
  )
}
