import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import { Button, Layout } from 'antd'
import { useTranslation } from 'react-i18next'
import { useApp } from '../stores/app.ts'
import { Breadcrumb } from './Breadcrumb.tsx'
import { LanguageSwitch } from './LanguageSwitch.tsx'
import { UserMenu } from './UserMenu.tsx'

export function Navbar() {
  const { t } = useTranslation()
  const opened = useApp((state) => state.sidebarOpened)
  const toggleSidebar = useApp((state) => state.toggleSidebar)
  return (
    <Layout.Header className="shell-navbar">
      <Button
        type="text"
        data-testid="hamburger"
        aria-label={t('shell.toggleSidebar')}
        aria-expanded={opened}
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
      />
      <Breadcrumb />
      <div className="shell-navbar-right">
        <LanguageSwitch className="shell-language" />
        <UserMenu />
      </div>
    </Layout.Header>
  )
}
