import { describeField, type ListContract, listValueSchema } from '@vod/contract'
import type { z } from 'zod'
import type { FilterSpec, RangeSpec } from '../list/index.ts'
import type { Expression, ListDeclaration, ResourceListSpec } from './types.ts'
import type { View } from './view.ts'

type ValueType = FilterSpec['type']

/** How a filter or range reads its value, from what the contract says the value is. */
function valueType(
  where: string,
  schema: z.ZodType,
  range: boolean,
): FilterSpec | { type: RangeSpec['type'] } {
  const field = describeField(schema)
  const types: Partial<Record<string, ValueType | RangeSpec['type']>> = {
    flag: 'bool',
    money: 'money',
    day: 'day',
    instant: 'date',
    integer: 'int',
    reference: 'int',
    number: 'number',
    percent: 'number',
    text: 'string',
    email: 'string',
  }
  if (field.kind === 'enum' && !range)
    return { type: 'enum', values: field.values as [string, ...string[]] } as unknown as FilterSpec
  const type = types[field.kind]
  if (!type || (range && ['bool', 'string'].includes(type)) || (!range && type === 'number'))
    throw new Error(`${where}: a ${range ? 'range' : 'filter'} of a ${field.kind} value is not supported.`)
  return { type } as FilterSpec
}

/**
 * The list the machinery runs, from the contract's list (its names, value types and default order) and
 * the server's declaration (the columns the record's fields do not say): a sort, filter or range of a
 * record field reads that field's column or presented expression.
 */
export function contractList(
  name: string,
  contract: ListContract,
  record: z.ZodObject,
  declared: ListDeclaration,
  view: Pick<View, 'columns' | 'kinds'>,
  /** Conditions of their own for filters the contract names (a relation's `tag_id`). */
  conditions: Record<string, FilterSpec> = {},
): ResourceListSpec {
  const expressionOf = (what: string, field: string, given: Expression | undefined): Expression => {
    if (given) return given
    if (view.kinds[field] !== 'keys' && view.columns[field]) return view.columns[field]
    throw new Error(`${name}: the ${what} "${field}" is no record field; declare its column.`)
  }
  const sortable: Record<string, Expression> = {}
  for (const field of contract.sortable)
    sortable[field] = expressionOf('sort', field, declared.sortable?.[field])
  if (!sortable.id) throw new Error(`${name}: lists sort by id last; the contract's sortable must hold it.`)
  for (const field of Object.keys(declared.sortable ?? {}))
    if (!contract.sortable.includes(field))
      throw new Error(`${name}: sort "${field}" is not in the contract.`)

  const filters: Record<string, FilterSpec> = {}
  for (const [field, given] of Object.entries(contract.filters ?? {})) {
    const type = valueType(`${name} filter ${field}`, listValueSchema({ record }, field, given), false)
    const own = declared.filters?.[field] ?? conditions[field]
    filters[field] =
      own && 'where' in own && own.where
        ? ({ ...type, where: own.where } as FilterSpec)
        : ({ ...type, column: expressionOf('filter', field, own?.column) } as FilterSpec)
  }
  const ranges: Record<string, RangeSpec> = {}
  for (const [field, given] of Object.entries(contract.ranges ?? {})) {
    const { type } = valueType(`${name} range ${field}`, listValueSchema({ record }, field, given), true)
    ranges[field] = {
      type: type as RangeSpec['type'],
      column: expressionOf('range', field, declared.ranges?.[field]),
    }
  }
  for (const [what, names, known] of [
    ['filter', Object.keys(declared.filters ?? {}), filters],
    ['range', Object.keys(declared.ranges ?? {}), ranges],
  ] as const)
    for (const field of names)
      if (!(field in known)) throw new Error(`${name}: ${what} "${field}" is not in the contract.`)
  if (Boolean(contract.keyword) !== Boolean(declared.keyword?.length))
    throw new Error(`${name}: the contract and the server disagree on whether the list takes a keyword.`)

  return {
    sortable: sortable as ResourceListSpec['sortable'],
    defaultSort: contract.defaultSort,
    filters,
    ranges,
    keyword: declared.keyword,
    countCap: declared.countCap,
  }
}
