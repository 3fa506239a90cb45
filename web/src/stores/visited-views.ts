/**
 * The rules of the tab bar (tag views), as pure functions over the list of visited views. The store
 * (stores/tabs.ts) applies them; the tests check them without a browser.
 */
export interface VisitedView {
  /** The pathname: one tab per path, so `/tags/edit/3` and `/tags/edit/4` are two tabs. */
  path: string
  /** The path with its query, where the tab leads back to (`/tags?page=2`). */
  fullPath: string
  /** Always present and not closable (the dashboard). */
  affix: boolean
}

/** A new path gets a tab at the end; a known path with another query updates its tab in place. */
export function addView(views: readonly VisitedView[], view: VisitedView): VisitedView[] {
  const index = views.findIndex((item) => item.path === view.path)
  if (index === -1) return [...views, view]
  const current = views[index] as VisitedView
  if (current.fullPath === view.fullPath) return [...views]
  return views.map((item, i) => (i === index ? { ...current, fullPath: view.fullPath } : item))
}

export function closeView(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((view) => view.affix || view.path !== path)
}

export function closeOtherViews(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((view) => view.affix || view.path === path)
}

export function closeAllViews(views: readonly VisitedView[]): VisitedView[] {
  return views.filter((view) => view.affix)
}

/** Drag-and-drop and keyboard reordering: the tab at `from` takes the place of the tab at `to`. */
export function moveView(views: readonly VisitedView[], from: string, to: string): VisitedView[] {
  const fromIndex = views.findIndex((view) => view.path === from)
  const toIndex = views.findIndex((view) => view.path === to)
  if (fromIndex === -1 || toIndex === -1 || fromIndex === toIndex) return [...views]
  const next = [...views]
  const [moved] = next.splice(fromIndex, 1)
  next.splice(toIndex, 0, moved as VisitedView)
  return next
}

/**
 * Where to go once tabs are closed: nowhere while the active tab is still open, else the last tab left
 * (the template's rule), else the root.
 */
export function destinationAfterClose(remaining: readonly VisitedView[], activePath: string): string | null {
  if (remaining.some((view) => view.path === activePath)) return null
  return remaining.at(-1)?.fullPath ?? '/'
}

/**
 * The tabs to start from after a reload: the remembered ones that may still be opened (each path once,
 * affix as the route table says now), with any affixed view that is missing put first.
 */
export function startingViews(
  affixed: readonly VisitedView[],
  remembered: readonly VisitedView[],
  mayOpen: (path: string) => boolean,
): VisitedView[] {
  const affixPaths = new Set(affixed.map((view) => view.path))
  const seen = new Set<string>()
  const kept: VisitedView[] = []
  for (const view of remembered) {
    if (seen.has(view.path) || !(affixPaths.has(view.path) || mayOpen(view.path))) continue
    seen.add(view.path)
    kept.push({ path: view.path, fullPath: view.fullPath, affix: affixPaths.has(view.path) })
  }
  return [...affixed.filter((view) => !seen.has(view.path)), ...kept]
}
