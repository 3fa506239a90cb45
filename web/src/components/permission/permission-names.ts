import type { TFunction } from 'i18next'

/**
 * How a permission's parts are named, the same in the role editor, the audit trail and the menu: a group
 * that is a resource by the resource's title, any other by the catalogue's names (locale.ts); an action by
 * the verb the screens use.
 */
export const groupTitle = (t: TFunction, group: string): string =>
  t([`${group}.title`, `permission.groups.${group}`], { defaultValue: group })

export const actionName = (t: TFunction, action: string): string =>
  t(`resource.verbs.${action}`, { defaultValue: action })

/** A whole permission by name, `list-plans` -> "Plans: List", where the catalogue's group is not at hand. */
export function permissionTitle(t: TFunction, name: string, groups: readonly string[]): string {
  const group = [...groups]
    .sort((a, b) => b.length - a.length)
    .find((candidate) => name.endsWith(`-${candidate}`) && name.length > candidate.length + 1)
  if (!group) return name
  return `${groupTitle(t, group)}: ${actionName(t, name.slice(0, -group.length - 1))}`
}
