/**
 * The permission catalogue (GET /api/permissions) as pure functions: grouped by resource, filtered by text, and
 * each group's select-all state (checked, or indeterminate when only some are chosen).
 */
export interface CatalogueEntry {
  name: string
  group: string
}

export interface PermissionGroup {
  group: string
  title: string
  permissions: { name: string; label: string }[]
}

/** `reset-qrcode-admins` in group `admins` -> `reset-qrcode`; a name not ending in its group stays whole. */
export function actionOf({ name, group }: CatalogueEntry): string {
  const suffix = `-${group}`
  return name.endsWith(suffix) && name.length > suffix.length ? name.slice(0, -suffix.length) : name
}

/** Groups in the catalogue's order, each with its title and its permissions' labels. */
export function groupPermissions(
  catalogue: readonly CatalogueEntry[],
  titleOf: (group: string) => string,
  labelOf: (entry: CatalogueEntry) => string,
): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>()
  for (const entry of catalogue) {
    let group = groups.get(entry.group)
    if (!group) {
      group = { group: entry.group, title: titleOf(entry.group), permissions: [] }
      groups.set(entry.group, group)
    }
    group.permissions.push({ name: entry.name, label: labelOf(entry) })
  }
  return [...groups.values()]
}

/**
 * What a filter text leaves: a group whose title or key matches keeps all its permissions; otherwise only
 * the permissions whose name or label matches; groups left empty go. Case-insensitive; blank keeps all.
 */
export function filterGroups(groups: readonly PermissionGroup[], text: string): PermissionGroup[] {
  const needle = text.trim().toLowerCase()
  if (!needle) return [...groups]
  const hit = (value: string) => value.toLowerCase().includes(needle)
  return groups.flatMap((group) => {
    if (hit(group.title) || hit(group.group)) return [group]
    const permissions = group.permissions.filter((p) => hit(p.name) || hit(p.label))
    return permissions.length ? [{ ...group, permissions }] : []
  })
}

/** A select-all box over `names`: checked when all are chosen, indeterminate when some are. */
export function groupState(
  names: readonly string[],
  selected: ReadonlySet<string>,
): { checked: boolean; indeterminate: boolean } {
  const chosen = names.filter((name) => selected.has(name)).length
  return {
    checked: names.length > 0 && chosen === names.length,
    indeterminate: chosen > 0 && chosen < names.length,
  }
}

/** The selection after ticking (`on`) or clearing a select-all box over `names`; other names are kept. */
export function toggleGroup(selected: readonly string[], names: readonly string[], on: boolean): string[] {
  if (!on) {
    const dropped = new Set(names)
    return selected.filter((name) => !dropped.has(name))
  }
  const present = new Set(selected)
  return [...selected, ...names.filter((name) => !present.has(name))]
}

/** Ticking `names` ticks what they need too (contract/src/permissions.ts): a job's role then works. */
export function withNeeds(names: readonly string[], neededBy: (name: string) => readonly string[]): string[] {
  return [...new Set([...names, ...names.flatMap((name) => neededBy(name))])]
}
