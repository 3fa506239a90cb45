import type { Id } from '../../api/resource-client.ts'

/** The ids after the one at `moved` takes the place of the one at `target` (a drag and drop). */
export function moveId(ids: readonly Id[], moved: Id, target: Id): Id[] {
  const from = ids.indexOf(moved)
  const to = ids.indexOf(target)
  const next = [...ids]
  if (from === -1 || to === -1 || from === to) return next
  next.splice(from, 1)
  next.splice(to, 0, moved)
  return next
}

/**
 * The complete order a reorder call takes (contract page, item 3), when only one page was rearranged:
 * that page's new order in its place among the other pages' children, which are fetched, in position
 * order, only when there are other pages.
 */
export async function completeOrder(
  pageIds: readonly Id[],
  { page, per_page, total }: { page: number; per_page: number; total: number },
  idsOnPage: (page: number) => Promise<Id[]>,
): Promise<Id[]> {
  const pages = Math.max(1, Math.ceil(total / per_page))
  if (pages === 1) return [...pageIds]
  const all: Id[] = []
  for (let other = 1; other <= pages; other++)
    all.push(...(other === page ? pageIds : await idsOnPage(other)))
  return all
}
