import type { SavedView } from '@vod/contract'
import type { FastifyRequest } from 'fastify'
import { adminOf } from '../../auth/sessions.ts'
import { declaredRecords, narrowedFields, readWhole } from '../../lib/resource/field-access.ts'

/** The query pairs that carry no value a reader could not read otherwise: paging and the sort (field names). */
const valueless = new Set(['page', 'per_page', 'sort'])

/**
 * A view another admin saved, as a reader whose roles narrow fields of its list may read it: each value its
 * owner typed that could be one of those fields' (an exact filter or a range of a field not read whole, the
 * keyword, a filter that is no field of the record) is emptied, its name kept, so that the list opens without it
 * and says how many parts it left out (the web's saved-view-query.ts). Field and column names are the
 * contract's, no one's data, and stay.
 */
function asReadBy(request: FastifyRequest, view: SavedView): SavedView {
  if (view.owner_admin_id === adminOf(request).id) return view
  const fields = narrowedFields(request, view.list)
  if (!fields) return view
  const record = declaredRecords.get(view.list)?.shape ?? {}
  const fieldOf = (name: string) => {
    const base = name.replace(/_(from|to)$/, '')
    return Object.hasOwn(record, name) ? name : Object.hasOwn(record, base) ? base : undefined
  }
  const pairs = view.query === '' ? [] : view.query.split('&')
  const query = pairs
    .map((pair) => {
      const name = pair.slice(0, pair.indexOf('='))
      if (valueless.has(name)) return pair
      const field = name === 'keyword' ? undefined : fieldOf(name)
      return field && readWhole(fields, field) ? pair : `${name}=`
    })
    .join('&')
  return query === view.query ? view : { ...view, query }
}

/** An answer of /saved-views (a record, or a list's rows) as asReadBy gives each view. */
export function answerReadBy(request: FastifyRequest, payload: unknown): unknown {
  if (!request.admin || !payload || typeof payload !== 'object' || !('data' in payload)) return payload
  const { data } = payload as { data: unknown }
  const one = (item: unknown) =>
    item && typeof item === 'object' && 'query' in item && 'list' in item
      ? asReadBy(request, item as SavedView)
      : item
  return { ...payload, data: Array.isArray(data) ? data.map(one) : one(data) }
}
