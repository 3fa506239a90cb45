export { estimatedRows, forgetCounts } from './count.ts'
export { defineList, sendList } from './define-list.ts'
export { containsPatterns } from './keyword.ts'
export { listResponse, parseSort } from './list-query.ts'
export type {
  FilterSpec,
  KeywordColumn,
  ListQuery,
  ListScope,
  ListSpec,
  RangeSpec,
} from './list-spec.ts'
export { type JoinSpec, LateralJoin, readBy, selectFrom } from './source.ts'
