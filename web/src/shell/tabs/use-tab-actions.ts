import { useNavigate } from 'react-router'
import { confirmDiscard } from '../../components/form/confirm-discard.ts'
import { useTabs, type VisitedView } from '../../stores/tabs.ts'
import { hasUnsaved } from '../../stores/unsaved.ts'
import { destinationAfterClose } from '../../stores/visited-views.ts'

export interface TabActions {
  /** Drop the screen's kept state and enter it anew through the redirect helper. */
  refresh: (view: VisitedView) => void
  close: (view: VisitedView) => void
  closeOthers: (view: VisitedView) => void
  closeAll: () => void
}

/**
 * What the tab bar's context menu, close buttons, middle-click and Delete key do (the template's rules). A
 * tab whose screen holds unsaved changes is closed or refreshed only once the admin says to discard them.
 */
/**
 * Runs `work` at once when nothing on these screens is unsaved (in the same event, as the keyboard's focus
 * moves expect), else once the admin says to discard it.
 */
function afterDiscard(paths: string[], work: () => void): void {
  if (!hasUnsaved(paths)) work()
  else
    void confirmDiscard(paths).then((discard) => {
      if (discard) work()
    })
}

/**
 * The page the router is on: the address's, not the last rendered location's. A navigation renders in a
 * transition, which waits while the next screen loads; a tab closed meanwhile was judged by the page being
 * left, and the screen arriving afterwards added its closed tab back (a CI run under load failed so).
 */
const addressPath = () => new URL(window.location.hash.slice(1) || '/', 'http://address').pathname

export function useTabActions(): TabActions {
  const navigate = useNavigate()
  const store = useTabs.getState
  // Closing the tab one stands on leads to the last tab left, or to the root when none is left. The page is
  // marked as being left before its tab goes, so no render in between (the router has not moved yet) adds it
  // back.
  const closeTabs = (paths: readonly string[], close: () => void) => {
    const current = addressPath()
    if (paths.includes(current)) store().leave(current)
    close()
    const target = destinationAfterClose(store().visitedViews, current)
    if (target) navigate(target)
  }
  const closable = (keep?: string) =>
    store()
      .visitedViews.filter((view) => !view.affix && view.path !== keep)
      .map((view) => view.path)
  return {
    refresh: (view) =>
      afterDiscard([view.path], () => {
        store().dropCache(view.path)
        navigate(`/redirect${view.fullPath}`, { replace: true })
      }),
    close: (view) => {
      if (view.affix) return
      afterDiscard([view.path], () => closeTabs([view.path], () => store().close(view.path)))
    },
    closeOthers: (view) =>
      afterDiscard(closable(view.path), () => {
        store().closeOthers(view.path)
        if (view.path !== addressPath()) navigate(view.fullPath)
      }),
    closeAll: () => {
      const paths = closable()
      afterDiscard(paths, () => closeTabs(paths, () => store().closeAll()))
    },
  }
}
