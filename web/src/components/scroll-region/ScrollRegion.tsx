import { type ReactNode, useEffect, useRef, useState } from 'react'

/**
 * A box that scrolls sideways when what it holds is wider than the page allows (a table of figures on a
 * phone), so the page itself never does. While it scrolls it is a named region a keyboard can reach and
 * scroll with the arrow keys; when all fits, it is no stop at all.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useEffect(() => {
    const element = box.current
    if (!element) return
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    return () => observer.disconnect()
  }, [])
  return (
    <div
      ref={box}
      style={{ overflowX: 'auto', maxWidth: '100%' }}
      {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  )
}
