import { useEffect, useRef } from 'react'

/** The boxes antd's table scrolls sideways in when given `scroll.x`. */
const SCROLLERS = '.ant-table-content, .ant-table-body'

/**
 * ScrollRegion's rule for a table that must scroll inside antd's own box (a column fixed at its edge needs
 * antd's `scroll.x`): while that box scrolls sideways it is a named region a keyboard can reach and scroll,
 * so an empty table wider than a phone (headers only, nothing to tab to) is not a box the keyboard cannot
 * move. Put the ref on an element around the table; antd re-renders its boxes, so they are looked for again.
 */
export function useTableScrollRegion<T extends HTMLElement>(label: string) {
  const around = useRef<T>(null)
  useEffect(() => {
    const root = around.current
    if (!root) return
    const mark = () => {
      for (const box of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
        if (box.scrollWidth > box.clientWidth + 1) {
          box.tabIndex = 0
          box.setAttribute('role', 'region')
          box.setAttribute('aria-label', label)
        } else if (box.hasAttribute('tabindex')) {
          box.removeAttribute('tabindex')
          box.removeAttribute('role')
          box.removeAttribute('aria-label')
        }
      }
    }
    mark()
    const resized = new ResizeObserver(mark)
    resized.observe(root)
    // Rows and columns come and go without the box changing size (a page of rows replaced by "no data").
    const changed = new MutationObserver(mark)
    changed.observe(root, { childList: true, subtree: true })
    return () => {
      resized.disconnect()
      changed.disconnect()
    }
  }, [label])
  return around
}
