import { createContext, type ReactNode, type RefObject, useContext, useLayoutEffect, useRef } from 'react'

/** Whether the kept screen around a component is being hidden or dropped (true) or shown (false). */
const ViewLeaving = createContext<RefObject<boolean>>({ current: false })

/**
 * Whether the screen around the caller is being left: a blur then is the screen going, not the person leaving
 * a field, so what the field does on blur (apply what was typed, which moves the address) is not done.
 */
export const useViewLeaving = (): RefObject<boolean> => useContext(ViewLeaving)

/**
 * The box of one kept screen (shell/AppMain.tsx), inside its `<Activity>`. A screen hidden with focus in it
 * kept the focus on an element no longer shown: Chromium then blurred it once hidden, and the blur reached
 * components whose refs Activity had already detached (rc-picker read `null.nativeElement`, a typed range on
 * one analytics screen then another). So the focus is let go as the screen hides: this box's layout cleanup
 * runs before its children's refs are detached and before the screen is hidden (React hides after the
 * layout cleanups, parents first), so every blur handler still finds what it reads. Focus in one of the
 * screen's portals (a picker's calendar) counts: React's focus events bubble through portals.
 */
export function KeptViewBox({ view, children }: { view: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  const focused = useRef<EventTarget | null>(null)
  const leaving = useRef(false)
  useLayoutEffect(() => {
    leaving.current = false
    return () => {
      leaving.current = true
      const active = document.activeElement
      const inside = active !== null && (box.current?.contains(active) || active === focused.current)
      if (inside && active instanceof HTMLElement) active.blur()
    }
  }, [])
  return (
    <ViewLeaving value={leaving}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: it only notes where focus is, to let it go; it offers nothing to do */}
      <div
        ref={box}
        className="shell-view"
        data-view={view}
        onFocus={(event) => {
          focused.current = event.target
        }}
      >
        {children}
      </div>
    </ViewLeaving>
  )
}
