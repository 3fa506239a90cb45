import { useLocation, useNavigate } from 'react-router'
import { useTabs } from '../../stores/tabs.ts'
import { type ResourceDefinition, resourcePath } from './define-resource.ts'

/**
 * Leaving a record's screen for its list: the list comes back as it was left (its page, filters and sort,
 * kept in its tab's address), not at page one. With `done`, the record's screen is finished with: its tab
 * closes and its kept view goes, so opening it again shows the record as stored, not what was abandoned.
 */
export function useListReturn(resource: ResourceDefinition) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const listPath = resourcePath(resource, 'list')
  return (options: { done?: boolean } = {}) => {
    const tabs = useTabs.getState()
    const target = tabs.visitedViews.find((view) => view.path === listPath)?.fullPath ?? listPath
    if (options.done) {
      tabs.close(pathname)
      tabs.leave(pathname)
    }
    navigate(target)
  }
}
