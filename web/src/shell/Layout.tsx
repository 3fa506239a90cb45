import { QueryClientProvider } from '@tanstack/react-query'
import { Layout as AntLayout } from 'antd'
import { AntdProvider } from '../app/AntdProvider.tsx'
import { queryClient } from '../app/query-client.ts'
import { AppMain } from './AppMain.tsx'
import { Navbar } from './Navbar.tsx'
import { Sidebar } from './Sidebar.tsx'
import { useDevice } from './use-device.ts'
import './shell.css'

/** The signed-in frame: sidebar | navbar over the screen. Loaded after login, with antd and TanStack Query. */
export default function Layout() {
  useDevice()
  return (
    <AntdProvider>
      <QueryClientProvider client={queryClient}>
        <AntLayout className="shell" hasSider>
          <Sidebar />
          <AntLayout>
            <Navbar />
            <AppMain />
          </AntLayout>
        </AntLayout>
      </QueryClientProvider>
    </AntdProvider>
  )
}
