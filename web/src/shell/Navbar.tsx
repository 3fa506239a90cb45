import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import { Button, Grid, Layout } from 'antd'
import { useTranslation } from 'react-i18next'
import { LanguageSwitch } from '../components/language/LanguageSwitch.tsx'
import { ScheduledNotices } from '../components/scheduled/ScheduledNotices.tsx'
import { useApp } from '../stores/app.ts'
import { Breadcrumb } from './Breadcrumb.tsx'
import { ErrorLogButton } from './error-log/ErrorLogButton.tsx'
import { FullscreenToggle } from './FullscreenToggle.tsx'
import { HeaderSearch } from './header-search/HeaderSearch.tsx'
import { SizeSelect } from './SizeSelect.tsx'
import { SettingsButton } from './settings/SettingsButton.tsx'
import { UserMenu } from './UserMenu.tsx'

export function Navbar() {
  const { t } = useTranslation()
  const opened = useApp((state) => state.sidebarOpened)
  const mobile = useApp((state) => state.device === 'mobile')
  const toggleSidebar = useApp((state) => state.toggleSidebar)
  const phone = Grid.useBreakpoint().xs === true
  return (
    <Layout.Header className="shell-navbar">
      <Button
        type="text"
        data-testid="hamburger"
        aria-label={t('shell.toggleSidebar')}
        aria-expanded={opened}
        icon={opened ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
        onClick={toggleSidebar}
      />
      <Breadcrumb />
      <div className="shell-navbar-right">
        {/* The search stays on a phone too (its field then spans the navbar, shell.css); as in the template,
            the other tools leave a phone's narrow navbar to the language and the account. */}
        <HeaderSearch />
        <ScheduledNotices />
        {!mobile && (
          <>
            <ErrorLogButton />
            <FullscreenToggle />
            <SizeSelect />
          </>
        )}
        <LanguageSwitch className="shell-language" />
        {/* On a phone the settings button sits here, not over the content's edge (Layout.tsx). */}
        {phone && <SettingsButton inline />}
        <UserMenu />
      </div>
    </Layout.Header>
  )
}
