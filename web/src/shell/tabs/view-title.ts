import type { TFunction } from 'i18next'
import { shellTable } from '../../base/shell-table.ts'

/** The record a screen of one record shows: its route's permission resource and `:id`. */
export function viewRecord(path: string): { resource: string; id: string } | undefined {
  const found = shellTable().findShellRoute(path)
  const resource = found?.route.meta?.resource
  const id = found?.params.id
  return resource && id ? { resource, id } : undefined
}

/**
 * A tab's title: the route's title in the current language (so tabs follow a language switch), and for a
 * screen of one record the record's name once known (`name`, "Member: member104"), else its id, since
 * `/tags/edit/3` and `/tags/edit/4` are two tabs.
 */
export function viewTitle(path: string, t: TFunction, name?: string | null): string {
  const found = shellTable().findShellRoute(path)
  const titleKey = found?.route.meta?.titleKey
  if (!found || !titleKey) return path
  const ids = Object.entries(found.params)
    .filter(([param, value]) => param !== '*' && value && !(param === 'id' && name))
    .map(([, value]) => `#${value}`)
  const title = [t(titleKey), ...ids].join(' ')
  return name ? t('shell.tabs.named', { title, name }) : title
}
