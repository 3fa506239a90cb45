import { Result } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../stores/permission.ts'

/**
 * The demo pages open to every admin, but their data is the articles API's: an admin without
 * `list-articles` sees why the page is empty (the 403 state) instead of a failed call.
 */
export function ArticlesGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  if (useCan('list', 'articles')) return children
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('demos.articles.forbidden')}
      data-testid="articles-forbidden"
    />
  )
}
