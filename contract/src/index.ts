export * from './lists.ts'
export * from './permissions.ts'
export * from './resources/tags.ts'
export * from './rules.ts'
