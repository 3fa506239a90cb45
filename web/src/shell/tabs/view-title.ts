import type { TFunction } from 'i18next'
import { shellTable } from '../../base/shell-table.ts'

/**
 * A tab's title: the route's title in the current language (so tabs follow a language switch), with the
 * record id for screens of one record, since `/tags/edit/3` and `/tags/edit/4` are two tabs.
 */
export function viewTitle(path: string, t: TFunction): string {
  const found = shellTable().findShellRoute(path)
  const titleKey = found?.route.meta?.titleKey
  if (!found || !titleKey) return path
  const ids = Object.entries(found.params)
    .filter(([name, value]) => name !== '*' && value)
    .map(([, value]) => `#${value}`)
  return [t(titleKey), ...ids].join(' ')
}
