export { forgetCounts } from './count.ts'
export {
  containsPattern,
  defineList,
  type FilterSpec,
  type KeywordColumn,
  type ListPage,
  type ListQuery,
  type ListScope,
  type ListSpec,
  listResponse,
  parseSort,
  type RangeSpec,
  type SortTerm,
  sendList,
} from './define-list.ts'
export { type JoinSpec, selectFrom } from './source.ts'
