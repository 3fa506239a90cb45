import { Layout as AntLayout, Grid } from 'antd'
import type { CSSProperties } from 'react'
import { readableColor } from '../base/readable-color.ts'
import { AntdProvider } from '../components/antd/AntdProvider.tsx'
import { useDialogFocusCycle } from '../components/focus/dialog-focus-cycle.ts'
import { UndoNotices } from '../components/resource/UndoNotices.tsx'
import { useSettings } from '../stores/settings.ts'
import { AppMain } from './AppMain.tsx'
import { ChannelCoverage } from './ChannelCoverage.tsx'
import { EasterEgg } from './easter-egg/EasterEgg.tsx'
import { Navbar } from './Navbar.tsx'
import { RouteProgress } from './RouteProgress.tsx'
import { Sidebar } from './Sidebar.tsx'
import { SettingsButton } from './settings/SettingsButton.tsx'
import { TabsBar } from './tabs/TabsBar.tsx'
import { useVisitTracking } from './tabs/use-visit-tracking.ts'
import { useDevice } from './use-device.ts'
import './shell.css'

/**
 * The signed-in frame: sidebar | (navbar + tabs, optionally fixed) over the screen, the settings button
 * on the right. Loaded after login, with antd, inside the app's signed-in frame (app/SignedIn.tsx).
 */
export default function Layout() {
  useDevice()
  useVisitTracking()
  useDialogFocusCycle()
  const { theme, showTabsBar, fixedHeader } = useSettings()
  const phone = Grid.useBreakpoint().xs === true
  // The theme colour reaches antd through its token (AntdProvider) and the shell's own CSS through this.
  // Behind the active tab's white text and as the focus ring: the shade of it that reads (base/readable-color.ts).
  const style = { '--shell-primary': readableColor(theme, '#f5f5f5') } as CSSProperties
  return (
    <AntdProvider>
      <AntLayout className="shell" hasSider style={style}>
        <RouteProgress />
        <Sidebar />
        <AntLayout className="shell-body">
          <div className="shell-header" data-fixed={fixedHeader} data-testid="shell-header">
            <Navbar />
            {showTabsBar && <TabsBar />}
          </div>
          <AppMain notice={<ChannelCoverage />} />
        </AntLayout>
      </AntLayout>
      {/* A phone has it in the navbar (Navbar.tsx). */}
      {!phone && <SettingsButton />}
      <UndoNotices />
      <EasterEgg />
    </AntdProvider>
  )
}
