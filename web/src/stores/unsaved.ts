/**
 * Which open screens hold changes not yet saved, by the screen's path: closing their tab, Cancel, a refresh of
 * the tab and a reload of the page ask first (components/form/confirm-discard.ts). Leaving a screen for another
 * keeps it in its tab, so that loses nothing and is not asked about.
 */
type Dirty = () => boolean

const screens = new Map<string, Set<Dirty>>()

/** A form says whether it holds changes; the returned function withdraws it (on unmount, or once saved). */
export function registerUnsaved(path: string, dirty: Dirty): () => void {
  const forms = screens.get(path) ?? new Set<Dirty>()
  forms.add(dirty)
  screens.set(path, forms)
  return () => {
    forms.delete(dirty)
    if (forms.size === 0 && screens.get(path) === forms) screens.delete(path)
  }
}

/** Whether any of these screens (or any at all) holds unsaved changes. */
export function hasUnsaved(paths?: Iterable<string>): boolean {
  const among = paths ? [...paths] : [...screens.keys()]
  return among.some((path) => [...(screens.get(path) ?? [])].some((dirty) => dirty()))
}

/**
 * What open forms hold is kept elsewhere (a session end saves it as drafts): nothing is left to ask about.
 * Forms mounted later register afresh, so nothing of this outlives the moment.
 */
export function forgetUnsaved(): void {
  screens.clear()
}

// A reload, a typed address or the browser tab closing: the browser's own question.
if (typeof window !== 'undefined')
  window.addEventListener('beforeunload', (event) => {
    if (!hasUnsaved()) return
    event.preventDefault()
    // Older browsers ask only when a value is set.
    event.returnValue = ''
  })
