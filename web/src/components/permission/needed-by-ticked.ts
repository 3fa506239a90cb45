/**
 * Why a ticked permission is ticked, when another ticked one needs it: for each, the ticked permissions that
 * need it (contract/src/permissions.ts `neededBy`, needs of needs included). Only the outermost are named:
 * ticking "Videos: Edit" ticks the tags list and, through it, the tag categories' list, and both read
 * "needed by Videos: Edit", the job the admin chose, rather than every link of the chain between.
 */
export function neededByTicked(
  ticked: readonly string[],
  neededBy: (name: string) => readonly string[],
): Map<string, string[]> {
  const needs = new Map(ticked.map((name) => [name, new Set(neededBy(name))]))
  const dependants = new Map<string, string[]>()
  for (const [name, its] of needs)
    for (const need of its)
      if (need !== name && needs.has(need)) dependants.set(need, [...(dependants.get(need) ?? []), name])
  const reasons = new Map<string, string[]>()
  for (const [need, all] of dependants) {
    // One needed by another of the same list is named through that one; a circle of needs names them all.
    const outermost = all.filter(
      (name) => !all.some((other) => other !== name && needs.get(other)?.has(name)),
    )
    reasons.set(need, outermost.length ? outermost : all)
  }
  return reasons
}
