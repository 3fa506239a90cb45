import { useLocation, useNavigate, useParams } from 'react-router'
import { useTabs } from '../../stores/tabs.ts'
import { resourcePath } from './resource-paths.ts'
import type { ResourceDefinition } from './resource-types.ts'

/** The record a form just saved, told to the list it returns to (SavedOutOfView.tsx). */
export interface SavedMark {
  id: number
  name: string
}

/**
 * Leaving a record's screen for its list: the list comes back as it was left (its page, filters and sort,
 * kept in its tab's address), not at page one. With `done`, the record's screen is finished with: its tab
 * closes and its kept view goes, so opening it again shows the record as stored, not what was abandoned.
 * With `saved`, the list hears which record was saved, so it can say when its filters leave that one out.
 */
export function useListReturn(resource: ResourceDefinition) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  // A child routed as its own (a channel's campaign) returns to its parent, where its base leads.
  const listPath = resourcePath(resource, 'list', undefined, useParams())
  return (options: { done?: boolean; saved?: SavedMark } = {}) => {
    const tabs = useTabs.getState()
    const target = tabs.visitedViews.find((view) => view.path === listPath)?.fullPath ?? listPath
    if (options.done) {
      tabs.close(pathname)
      tabs.leave(pathname)
    }
    navigate(target, options.saved ? { state: { saved: options.saved } } : undefined)
  }
}
