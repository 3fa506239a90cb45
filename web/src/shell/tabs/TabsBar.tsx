import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'

// The tabs come with drag-and-drop (dnd-kit), loaded after the shell has painted.
const SortableTabs = lazy(() => import('./SortableTabs.tsx'))

/** The bar of visited pages under the navbar; its height is fixed, so nothing moves while it loads. */
export function TabsBar() {
  const { t } = useTranslation()
  return (
    <nav className="tabs-bar" aria-label={t('shell.tabs.label')} data-testid="tabs-bar">
      <Suspense fallback={null}>
        <SortableTabs />
      </Suspense>
    </nav>
  )
}
