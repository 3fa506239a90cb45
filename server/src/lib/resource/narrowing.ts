import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { defineList } from '../list/index.ts'
import { keywordRead, narrowedFields, narrowingKey, narrowView, readable, readWhole } from './field-access.ts'
import type { Resolved } from './types.ts'
import { answerColumns, type View } from './view.ts'

type List = ReturnType<typeof defineList>

/**
 * The view and list a caller whose roles narrow some fields reads through (field-access.ts), made once per
 * set of rules: hidden fields unselected, masked ones masked in SQL, and neither sorted, ranged or searched
 * by. The statement's cost is the list's own; nothing is filtered row by row.
 */
export function narrowing(
  spec: { path: string; record: z.ZodObject },
  view: View,
  list: List,
  presentFor?: Resolved['presentFor'],
) {
  const made = new Map<string, { view: View; list: List }>()
  return (request: FastifyRequest | undefined) => {
    const fields = narrowedFields(request, spec.path)
    const own = request && presentFor?.(request)
    if (!fields && !own) return { view, list, fields }
    const key = JSON.stringify([fields && narrowingKey(fields), own?.key])
    let found = made.get(key)
    if (!found) {
      const base = narrowView(view, spec.record, fields)
      const narrowed = own
        ? {
            ...base,
            columns: Object.fromEntries(
              Object.entries(base.columns).map(([field, expression]) => [
                field,
                own.present[field] ?? expression,
              ]),
            ),
          }
        : base
      const keep = <T>(entries: Record<string, T> | undefined, ok: (field: string) => boolean) =>
        entries && Object.fromEntries(Object.entries(entries).filter(([field]) => ok(field)))
      found = {
        view: narrowed,
        list: defineList({
          ...list.spec,
          columns: answerColumns(narrowed),
          sortable: {
            // The default order stays declared (defineList asks it); a query left to it by a hidden field is
            // ordered by id (refuseNarrowed), one naming it refused.
            ...keep(
              list.spec.sortable,
              (field) => readWhole(fields, field) || list.spec.defaultSort.replace(/^-/, '') === field,
            ),
            id: list.spec.sortable.id,
          },
          filters: keep(list.spec.filters, (field) => readable(fields, field)),
          ranges: keep(list.spec.ranges, (field) => readWhole(fields, field)),
          keyword: fields ? keywordRead(list.spec.keyword, view, fields) : list.spec.keyword,
        }),
      }
      made.set(key, found)
    }
    return { ...found, fields }
  }
}
