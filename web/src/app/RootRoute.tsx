import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { useRouteHandle } from '../base/use-route-handle.ts'

/** Keeps the document title on the current route's translated title, in the current language. */
export function RootRoute() {
  const { t } = useTranslation()
  const titleKey = useRouteHandle()?.route.meta?.titleKey
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} - ${t('common.appName')}` : t('common.appName')
  }, [t, titleKey])
  return <Outlet />
}
