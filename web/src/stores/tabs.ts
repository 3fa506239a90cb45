import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { dropCachedViews, keepCachedViews, touchCachedView } from './view-cache.ts'
import {
  addView,
  closeAllViews,
  closeOtherViews,
  closeView,
  moveView,
  startingViews,
  type VisitedView,
} from './visited-views.ts'

export type { VisitedView }

interface Leaving {
  path: string
  away: boolean
}

interface TabsState {
  /** The tabs, in the order shown. */
  visitedViews: VisitedView[]
  /** Paths of the screens kept alive, least recently used first (stores/view-cache.ts). */
  cachedViews: string[]
  /** Username the remembered tabs belong to, so another admin in the same browser tab starts afresh. */
  owner: string | null
  /**
   * The page whose tab was just closed while it was shown. Until another page is visited, a visit of it (a
   * re-render while the next page loads) must not bring the tab back, unless the router went elsewhere and
   * came back to it (`away`): a navigation renders in a transition, and one interrupted by the next renders
   * neither the page it went to nor, to React, any change at all.
   */
  leaving: Leaving | null
  /** How many times the router has arrived at each page, heard before the page renders. */
  arrivals: Record<string, number>
  /** A route was entered: add or update its tab and, unless the route says noCache, keep its screen. */
  visit: (view: VisitedView, cache: boolean) => void
  close: (path: string) => void
  /** The shown page's tab is closed and the router is on its way elsewhere. */
  leave: (path: string) => void
  /** The router arrived at `path` (app/router.tsx). */
  routed: (path: string) => void
  closeOthers: (path: string) => void
  closeAll: () => void
  /** Forget a kept screen, so the next visit builds it anew (Refresh). */
  dropCache: (path: string) => void
  move: (from: string, to: string) => void
  /** Start the tab bar for an admin: the affixed views, plus the remembered tabs if they were theirs. */
  start: (owner: string, affixed: VisitedView[], mayOpen: (path: string) => boolean) => void
}

const pathsOf = (views: readonly VisitedView[]) => views.map((view) => view.path)

/** The page being left, once the router arrived at `path`: back at it from elsewhere, it is left no more. */
function stillLeaving(leaving: Leaving, path: string): Leaving | null {
  if (path !== leaving.path) return { path: leaving.path, away: true }
  return leaving.away ? null : leaving
}

/**
 * The tabs bar: the spec's tag views (section 4: add, delete, delete others, delete all, update visited, delete cached).
 * The tabs survive a reload through sessionStorage (the template forgot them); kept screens do not.
 */
export const useTabs = create<TabsState>()(
  persist(
    (set) => ({
      visitedViews: [],
      cachedViews: [],
      owner: null,
      leaving: null,
      arrivals: {},
      visit: (view, cache) =>
        set((state) =>
          view.path === state.leaving?.path
            ? state
            : {
                leaving: null,
                visitedViews: addView(state.visitedViews, view),
                cachedViews: cache ? touchCachedView(state.cachedViews, view.path) : state.cachedViews,
              },
        ),
      leave: (path) => set({ leaving: { path, away: false } }),
      routed: (path) =>
        set(({ leaving, arrivals }) => ({
          arrivals: { ...arrivals, [path]: (arrivals[path] ?? 0) + 1 },
          leaving: leaving && stillLeaving(leaving, path),
        })),
      close: (path) =>
        set((state) => ({
          visitedViews: closeView(state.visitedViews, path),
          cachedViews: dropCachedViews(state.cachedViews, [path]),
        })),
      closeOthers: (path) =>
        set((state) => {
          const visitedViews = closeOtherViews(state.visitedViews, path)
          return { visitedViews, cachedViews: keepCachedViews(state.cachedViews, pathsOf(visitedViews)) }
        }),
      closeAll: () =>
        set((state) => {
          const visitedViews = closeAllViews(state.visitedViews)
          return { visitedViews, cachedViews: keepCachedViews(state.cachedViews, pathsOf(visitedViews)) }
        }),
      dropCache: (path) => set((state) => ({ cachedViews: dropCachedViews(state.cachedViews, [path]) })),
      move: (from, to) => set((state) => ({ visitedViews: moveView(state.visitedViews, from, to) })),
      start: (owner, affixed, mayOpen) =>
        set((state) => ({
          owner,
          visitedViews: startingViews(affixed, state.owner === owner ? state.visitedViews : [], mayOpen),
        })),
    }),
    {
      name: 'tabs',
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ visitedViews, owner }) => ({ visitedViews, owner }),
    },
  ),
)
