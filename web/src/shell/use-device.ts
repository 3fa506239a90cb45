import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { useApp } from '../stores/app.ts'

const MOBILE_BELOW = 992

const isMobile = () => document.body.getBoundingClientRect().width - 1 < MOBILE_BELOW

/** Spec section 4: mobile below 992 px; there the sidebar closes on resize and after each route change. */
export function useDevice(): void {
  const { pathname } = useLocation()
  useEffect(() => {
    const update = () => {
      const mobile = isMobile()
      useApp.getState().setDevice(mobile ? 'mobile' : 'desktop')
      if (mobile) useApp.getState().closeSidebar(true)
    }
    update()
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  }, [])
  useEffect(() => {
    // The path is the trigger: a new screen on a phone should not sit under the open menu.
    void pathname
    const { device, sidebarOpened, closeSidebar } = useApp.getState()
    if (device === 'mobile' && sidebarOpened) closeSidebar(false)
  }, [pathname])
}
