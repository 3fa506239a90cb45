import { type RefCallback, useCallback, useLayoutEffect, useRef } from 'react'

const MARGIN = 16

/**
 * The tab bar scrolls sideways: it brings the active tab into view whenever the route or the number of
 * tabs changes, and turns the mouse wheel into sideways scrolling. Only the bar scrolls, never the page.
 */
export function useTabScroll(active: string, count: number): RefCallback<HTMLElement> {
  const bar = useRef<HTMLElement | null>(null)

  useLayoutEffect(() => {
    // The count is a trigger too: closing tabs moves the active one along the bar.
    void count
    const element = bar.current
    const tab = element?.querySelector<HTMLElement>(`[data-path="${CSS.escape(active)}"]`)
    if (!element || !tab) return
    const left = tab.offsetLeft - MARGIN
    const right = tab.offsetLeft + tab.offsetWidth + MARGIN
    if (left < element.scrollLeft) element.scrollLeft = left
    else if (right > element.scrollLeft + element.clientWidth)
      element.scrollLeft = right - element.clientWidth
  }, [active, count])

  const onWheel = useCallback((event: WheelEvent) => {
    const element = event.currentTarget as HTMLElement
    if (element.scrollWidth <= element.clientWidth || Math.abs(event.deltaX) > Math.abs(event.deltaY)) return
    event.preventDefault()
    element.scrollLeft += event.deltaY
  }, [])

  return useCallback(
    (element: HTMLElement | null) => {
      bar.current?.removeEventListener('wheel', onWheel)
      bar.current = element
      // Not passive: the wheel must not scroll the page while it scrolls the tabs.
      element?.addEventListener('wheel', onWheel, { passive: false })
    },
    [onWheel],
  )
}
