import { ConfigProvider, Layout, Menu, type MenuProps } from 'antd'
import { createElement, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { readableColor } from '../base/readable-color.ts'
import { useRouteHandle } from '../base/use-route-handle.ts'
import { useApp } from '../stores/app.ts'
import { useSettings } from '../stores/settings.ts'
import { useGrantedRoutes } from './granted-routes.ts'
import { activeMenuKey, buildMenu, type MenuNode, openMenuKeys } from './menu.ts'
import { SidebarLogo } from './SidebarLogo.tsx'

const SIDEBAR_WIDTH = 210

/** Spec section 9 menu colours; its light #57CAEB is drawn in the shade that reads on the selected item's background. */
const menuTheme = (textTheme: boolean) => ({
  itemBg: '#fff',
  subMenuItemBg: '#fff',
  itemColor: '#162b64',
  itemHoverColor: '#435ebe',
  itemSelectedColor: textTheme ? readableColor('#57CAEB', '#eef1fb') : '#435ebe',
  itemSelectedBg: '#eef1fb',
})

export function Sidebar() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const routes = useGrantedRoutes()
  const opened = useApp((state) => state.sidebarOpened)
  const mobile = useApp((state) => state.device === 'mobile')
  const instant = useApp((state) => state.withoutAnimation)
  const { showSidebarLogo, sidebarTextTheme } = useSettings()
  const menu = useMemo(() => buildMenu(routes), [routes])
  const active = activeMenuKey(useRouteHandle())
  const drawerOpen = mobile && opened
  const [openKeys, setOpenKeys] = useState(() => (opened ? openMenuKeys(menu, active) : []))

  // Entering a screen whose group is closed (from a tab, a link, the search) opens that group, and so does
  // expanding the sidebar again; groups the admin opened stay open.
  useEffect(() => {
    if (!opened) return
    const needed = openMenuKeys(menu, active)
    setOpenKeys((keys) =>
      needed.every((key) => keys.includes(key)) ? keys : [...new Set([...keys, ...needed])],
    )
  }, [menu, active, opened])

  // On a phone the open sidebar is a drawer over the page: Escape closes it, like the backdrop does.
  useEffect(() => {
    if (!drawerOpen) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && useApp.getState().closeSidebar(false)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [drawerOpen])

  const toItems = (nodes: readonly MenuNode[]): MenuProps['items'] =>
    nodes.map((node) => ({
      key: node.key,
      // The entry's title names it; the icon is decoration, left out of its accessible name.
      icon: node.icon && createElement(node.icon, { 'aria-hidden': true }),
      label: t(node.titleKey),
      children: node.children && toItems(node.children),
    }))

  return (
    <>
      {drawerOpen && (
        <button
          type="button"
          className="shell-backdrop"
          aria-label={t('shell.toggleSidebar')}
          onClick={() => useApp.getState().closeSidebar(false)}
        />
      )}
      <Layout.Sider
        className={['shell-sider', mobile && 'shell-sider-mobile', instant && 'shell-sider-instant']
          .filter(Boolean)
          .join(' ')}
        data-testid="sidebar"
        data-open={opened}
        // A closed drawer is out of sight, so it must be out of the keyboard's reach too.
        inert={mobile && !opened}
        theme="light"
        width={SIDEBAR_WIDTH}
        collapsed={!opened}
        collapsedWidth={mobile ? 0 : 64}
        trigger={null}
      >
        {showSidebarLogo && <SidebarLogo collapsed={!opened} />}
        <ConfigProvider theme={{ components: { Menu: menuTheme(sidebarTextTheme) } }}>
          <Menu
            mode="inline"
            items={toItems(menu)}
            selectedKeys={active ? [active] : []}
            openKeys={openKeys}
            onOpenChange={setOpenKeys}
            onClick={({ key }) => navigate(key)}
          />
        </ConfigProvider>
      </Layout.Sider>
    </>
  )
}
