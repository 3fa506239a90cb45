export { forgetCounts } from './count.ts'
export {
  containsPattern,
  defineList,
  type FilterSpec,
  type ListQuery,
  type ListSpec,
  listResponse,
  parseSort,
  type RangeSpec,
  type SortTerm,
} from './define-list.ts'
export { type JoinSpec, selectFrom } from './source.ts'
