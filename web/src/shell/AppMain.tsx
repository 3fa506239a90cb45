import { Layout } from 'antd'
import { Outlet } from 'react-router'

/** The one place where the routed screen enters the layout; cached views (a later issue) wrap it here. */
export function AppMain() {
  return (
    <Layout.Content className="shell-main">
      <Outlet />
    </Layout.Content>
  )
}
