import { authModule } from './auth/index.ts'
import { tagsModule } from './tags/index.ts'
import type { ApiModule } from './types.ts'

/** Every route module, registered under /api in this order. Adding a resource adds one line here. */
export const modules: ApiModule[] = [authModule, tagsModule]
