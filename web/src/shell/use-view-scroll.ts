import { useEffect, useLayoutEffect, useRef } from 'react'

/** Where a kept view was scrolled to. */
export interface ScrolledView {
  scrollY: number
}

/**
 * The page scrolls the window, so a screen's scroll position would be lost while it is hidden. This
 * records the position into the active kept view as the admin scrolls and puts it back when that view
 * is shown again; a new or rebuilt view starts at the top.
 */
export function useViewScroll(active: string, kept: ReadonlyMap<string, ScrolledView>): void {
  const current = useRef(active)

  useEffect(() => {
    // Recorded on every scroll rather than on leaving: by the time the route has changed, the old
    // screen is hidden and the browser has already clamped the scroll to the new page's height.
    const record = () => {
      const view = kept.get(current.current)
      if (view) view.scrollY = window.scrollY
    }
    window.addEventListener('scroll', record, { passive: true })
    return () => window.removeEventListener('scroll', record)
  }, [kept])

  useLayoutEffect(() => {
    current.current = active
    window.scrollTo(0, kept.get(active)?.scrollY ?? 0)
  }, [active, kept])
}
