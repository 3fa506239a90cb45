import { Breadcrumb as AntBreadcrumb } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { shellTable } from '../base/shell-table.ts'
import { useRouteHandle } from '../base/use-route-handle.ts'
import { crumbsOf } from './crumbs.ts'

export function Breadcrumb() {
  const { t } = useTranslation()
  const crumbs = crumbsOf(useRouteHandle()?.trail ?? [])
  return (
    <AntBreadcrumb
      aria-label={t('shell.breadcrumb')}
      items={crumbs.map((crumb, index) => ({
        key: crumb.path,
        // The last crumb is the page itself; paths with params cannot be linked without their values;
        // a menu group (`/permissions`) opens no screen.
        title:
          index === crumbs.length - 1 ||
          crumb.path.includes(':') ||
          !shellTable().findShellRoute(crumb.path) ? (
            t(crumb.titleKey)
          ) : (
            <Link to={crumb.path}>{t(crumb.titleKey)}</Link>
          ),
      }))}
    />
  )
}
