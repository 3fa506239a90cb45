import { type RefCallback, useCallback, useEffect, useRef } from 'react'
import { registerUnsaved } from '../../stores/unsaved.ts'

/**
 * Says, for as long as the screen at `path` lives, whether its form holds changes not yet saved: closing its
 * tab, Cancel, a refresh of the tab and a reload then ask first (stores/unsaved.ts). A screen kept in a
 * background tab sits in a hidden <Activity>, which cleans up its effects though the form, and what was typed
 * in it, stay in the page; withdrawn then, a form behind another tab was lost without a word. So the claim
 * is withdrawn only once the screen has left the page for good: the returned ref marks an element of it,
 * which a hidden screen keeps in the document and a closed one does not.
 */
export function useUnsaved(path: string, dirty: () => boolean): RefCallback<HTMLElement> {
  const latest = useRef(dirty)
  latest.current = dirty
  // One function per form for its whole life: registering it again when the screen is shown adds nothing.
  const check = useRef(() => latest.current()).current
  const anchor = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const withdraw = registerUnsaved(path, check)
    return () => {
      if (!anchor.current?.isConnected) withdraw()
    }
  }, [path, check])
  return useCallback((element: HTMLElement | null) => {
    if (element) anchor.current = element
  }, [])
}
