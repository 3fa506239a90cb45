import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** The sidebar's top: a small logo, with the product title while the sidebar is open. */
export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation()
  return (
    <Link to="/" className="shell-logo" data-testid="sidebar-logo" aria-label={t('common.appName')}>
      <svg className="shell-logo-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--shell-primary)" />
        <path d="M12.5 9.5v13l10-6.5z" fill="#fff" />
      </svg>
      {!collapsed && <span className="shell-logo-title">{t('common.appName')}</span>}
    </Link>
  )
}
