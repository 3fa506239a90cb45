export {
  containsPattern,
  defineList,
  type ListQuery,
  type ListSpec,
  listResponse,
  parseSort,
} from './define-list.ts'
