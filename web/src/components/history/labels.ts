import type { TFunction } from 'i18next'
import { groupTitle } from '../permission/permission-names.ts'

/** A resource of the trail as the role editor names it; `auth` (logins) by the trail's own name. */
export const resourceLabel = (t: TFunction, name: string): string =>
  t(`audit-logs.resources.${name}`, { defaultValue: groupTitle(t, name) })

/** An action by the trail's own names, or the verb its permission names it by. */
export const actionLabel = (t: TFunction, action: string): string =>
  t([`audit-logs.actions.${action}`, `resource.verbs.${action}`], { defaultValue: action })
