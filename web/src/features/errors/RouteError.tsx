import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'
import { recordError } from '../../stores/error-log.ts'

/**
 * Last resort when a screen throws or its code fails to load; plain markup, since antd may be what failed.
 * The error goes to the console and to the error log.
 */
export function RouteError() {
  const error = useRouteError()
  const { t } = useTranslation()
  useEffect(() => {
    console.error(error)
    recordError(error)
  }, [error])
  return (
    <main role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <p>{t('common.loadFailed')}</p>
      <a href="#/dashboard">{t('common.backHome')}</a>
    </main>
  )
}
