import { useLocation, useNavigate } from 'react-router'
import { useTabs, type VisitedView } from '../../stores/tabs.ts'
import { destinationAfterClose } from '../../stores/visited-views.ts'

export interface TabActions {
  /** Drop the screen's kept state and enter it anew through the redirect helper. */
  refresh: (view: VisitedView) => void
  close: (view: VisitedView) => void
  closeOthers: (view: VisitedView) => void
  closeAll: () => void
}

/** What the tab bar's context menu, close buttons, middle-click and Delete key do (the template's rules). */
export function useTabActions(): TabActions {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const store = useTabs.getState
  // Closing the tab one stands on leads to the last tab left, or to the root when none is left.
  const leaveIfClosed = () => {
    const target = destinationAfterClose(store().visitedViews, pathname)
    if (!target) return
    store().leave(pathname)
    navigate(target)
  }
  return {
    refresh: (view) => {
      store().dropCache(view.path)
      navigate(`/redirect${view.fullPath}`, { replace: true })
    },
    close: (view) => {
      if (view.affix) return
      store().close(view.path)
      leaveIfClosed()
    },
    closeOthers: (view) => {
      store().closeOthers(view.path)
      if (view.path !== pathname) navigate(view.fullPath)
    },
    closeAll: () => {
      store().closeAll()
      leaveIfClosed()
    },
  }
}
