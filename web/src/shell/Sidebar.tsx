import { ConfigProvider, Layout, Menu, type MenuProps } from 'antd'
import { createElement, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useRouteHandle } from '../app/use-route-handle.ts'
import { useApp } from '../stores/app.ts'
import { usePermissions } from '../stores/permission.ts'
import { useSettings } from '../stores/settings.ts'
import { activeMenuKey, buildMenu, type MenuNode, openMenuKeys } from './menu.ts'

const SIDEBAR_WIDTH = 210

/** Spec section 9 menu colours. */
const menuTheme = (textTheme: boolean) => ({
  itemBg: '#fff',
  subMenuItemBg: '#fff',
  itemColor: '#162b64',
  itemHoverColor: '#435ebe',
  itemSelectedColor: textTheme ? '#57CAEB' : '#435ebe',
  itemSelectedBg: '#eef1fb',
})

export function Sidebar() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const routes = usePermissions((state) => state.routes)
  const opened = useApp((state) => state.sidebarOpened)
  const mobile = useApp((state) => state.device === 'mobile')
  const { showSidebarLogo, sidebarTextTheme } = useSettings()
  const menu = useMemo(() => buildMenu(routes), [routes])
  const active = activeMenuKey(useRouteHandle())

  const toItems = (nodes: readonly MenuNode[]): MenuProps['items'] =>
    nodes.map((node) => ({
      key: node.key,
      icon: node.icon && createElement(node.icon),
      label: t(node.titleKey),
      children: node.children && toItems(node.children),
    }))

  return (
    <>
      {mobile && opened && (
        <button
          type="button"
          className="shell-backdrop"
          aria-label={t('shell.toggleSidebar')}
          onClick={() => useApp.getState().closeSidebar(false)}
        />
      )}
      <Layout.Sider
        className={mobile ? 'shell-sider shell-sider-mobile' : 'shell-sider'}
        theme="light"
        width={SIDEBAR_WIDTH}
        collapsed={!opened}
        collapsedWidth={mobile ? 0 : 64}
        trigger={null}
      >
        {showSidebarLogo && <div className="shell-logo">{opened ? t('common.appName') : 'V'}</div>}
        <ConfigProvider theme={{ components: { Menu: menuTheme(sidebarTextTheme) } }}>
          <Menu
            mode="inline"
            items={toItems(menu)}
            selectedKeys={active ? [active] : []}
            defaultOpenKeys={openMenuKeys(menu, active)}
            onClick={({ key }) => navigate(key)}
          />
        </ConfigProvider>
      </Layout.Sider>
    </>
  )
}
