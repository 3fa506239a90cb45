import { csvLanguage, DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@vod/contract'
import type { SQL } from 'drizzle-orm'
import { z } from 'zod'
import { keywordRule } from './keyword.ts'
import type { FilterSpec, ListQuery, ListSpec, RangeSpec, SortTerm } from './list-spec.ts'
import {
  boolParam,
  dateParam,
  dayParam,
  idsParam,
  intParam,
  moneyParam,
  numberParam,
  textParam,
} from './wire-values.ts'

// Deep pages cost a scan of every row before them; past this an exact page is not worth serving.
const MAX_PAGE = 100_000

function valueSchema(spec: FilterSpec | RangeSpec) {
  switch (spec.type) {
    case 'int':
      return intParam
    case 'number':
      return numberParam
    case 'bool':
      return boolParam
    case 'date':
      return dateParam
    case 'day':
      return dayParam
    case 'money':
      return moneyParam
    case 'enum':
      return z.enum(spec.values)
    case 'string':
      return textParam(255)
  }
}

export function parseSort(value: string, sortable: readonly string[]): SortTerm[] | null {
  const terms: SortTerm[] = []
  for (const raw of value.split(',')) {
    const part = raw.trim()
    if (part === '') continue
    const field = part.startsWith('-') ? part.slice(1) : part
    if (!sortable.includes(field)) return null
    if (!terms.some((t) => t.field === field)) terms.push({ field, desc: part.startsWith('-') })
  }
  return terms
}

/**
 * The schemas of a list's query string: page, per_page, sort, ids, keyword, filters and ranges, parsed
 * into a ListQuery. Wrong values and unknown parameters are 422; the export's also takes its ticket.
 */
export function listQuery(
  spec: Pick<ListSpec<Record<string, SQL>>, 'sortable' | 'defaultSort' | 'filters' | 'ranges' | 'keyword'>,
) {
  const sortFields = Object.keys(spec.sortable)
  const defaultSort = parseSort(spec.defaultSort, sortFields)
  if (!defaultSort) throw new Error(`defaultSort "${spec.defaultSort}" names a field that is not sortable.`)
  const filters = spec.filters ?? {}
  const ranges = spec.ranges ?? {}

  const shape: Record<string, z.ZodType> = {
    page: intParam
      .pipe(z.number().min(1).max(MAX_PAGE))
      .default(1)
      .meta({ description: `Page number from 1 (at most ${MAX_PAGE}); default 1.` }),
    per_page: intParam
      .pipe(z.number().min(1).max(MAX_PER_PAGE))
      .default(DEFAULT_PER_PAGE)
      .meta({ description: `Rows a page, 1..${MAX_PER_PAGE}; default ${DEFAULT_PER_PAGE}.` }),
    sort: z
      .string()
      .max(500)
      .transform((value, ctx) => {
        const terms = parseSort(value, sortFields)
        if (terms) return terms
        ctx.addIssue({
          code: 'custom',
          message: 'validation.sort',
          params: { allowed: sortFields.join(', ') },
        })
        return z.NEVER
      })
      .optional()
      .meta({ description: `Comma list of ${sortFields.join(', ')}; a leading - sorts descending.` }),
    ids: idsParam.optional(),
  }
  if (spec.keyword?.length)
    shape.keyword = textParam(100)
      .optional()
      .meta({ description: `Case-insensitive: ${spec.keyword.map(keywordRule).join(', or ')}.` })
  // A filter named like a paging parameter would silently replace it: refused at declaration.
  for (const name of [
    ...Object.keys(filters),
    ...Object.keys(ranges).flatMap((r) => [`${r}_from`, `${r}_to`]),
  ])
    if (name in shape || name === 'keyword')
      throw new Error(`The list filter "${name}" collides with the list parameter of that name; rename it.`)
  for (const [name, filter] of Object.entries(filters)) shape[name] = valueSchema(filter).optional()
  for (const [name, range] of Object.entries(ranges)) {
    shape[`${name}_from`] = valueSchema(range).optional()
    shape[`${name}_to`] = valueSchema(range).optional()
  }

  const toListQuery = (q: Record<string, unknown>): ListQuery => {
    const sort = (q.sort as SortTerm[] | undefined) ?? []
    return {
      page: q.page as number,
      perPage: q.per_page as number,
      sort: sort.length > 0 ? sort : defaultSort,
      ...(sort.length > 0 ? {} : { sortDefault: true }),
      keyword: (q.keyword as string | undefined) || null,
      ids: (q.ids as number[] | undefined)?.length ? (q.ids as number[]) : null,
      filters: Object.fromEntries(Object.keys(filters).map((name) => [name, q[name]])),
      ranges: Object.fromEntries(
        Object.keys(ranges).map((name) => [name, { from: q[`${name}_from`], to: q[`${name}_to`] }]),
      ),
    }
  }
  // A parameter the list does not know is refused, not ignored: a misspelt filter would answer every row.
  const known = z.strictObject(shape)
  const query = known.transform(toListQuery)
  /** The export's: the list's, and the download ticket a navigated download authenticates with. */
  const exportQuery = known
    .extend({
      ticket: z.string().max(200).optional().meta({ description: 'From POST /api/download-tickets.' }),
      lang: csvLanguage,
    })
    .transform((q) => ({ ...toListQuery(q), lang: q.lang }))
  return { query, exportQuery }
}

/** The answer schema of a list, for the route's `response` (and so the OpenAPI document). */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({
      current_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      last_page: z.number().int(),
      total_estimated: z.literal(1).optional(),
    }),
  })
}
