import { useEffect } from 'react'

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

const visible = (element: Element) => element.getClientRects().length > 0

/**
 * Tab past the last control of the open modal dialog (antd's Modal and Drawer both say
 * `role="dialog" aria-modal="true"`) comes round to its first, Shift+Tab the other way. antd's own lock pulls
 * focus back only when it lands on something else in the page, so a dialog rendered last in the document let
 * Tab leave it for the browser's own controls.
 */
function cycle(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented) return
  const dialog = [...document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')]
    .filter(visible)
    .at(-1)
  if (!dialog) return
  const controls = [...dialog.querySelectorAll<HTMLElement>(focusable)].filter(visible)
  const [first, last] = [controls[0], controls.at(-1)]
  if (!first || !last) return
  const active = document.activeElement
  const outside = !dialog.contains(active)
  if (outside || (event.shiftKey ? active === first : active === last)) {
    event.preventDefault()
    ;(event.shiftKey ? last : first).focus()
  }
}

/** Keeps Tab inside whichever modal dialog is open, for as long as the caller is mounted (the shell). */
export function useDialogFocusCycle(): void {
  useEffect(() => {
    document.addEventListener('keydown', cycle)
    return () => document.removeEventListener('keydown', cycle)
  }, [])
}
