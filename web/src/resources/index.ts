import type { ResourceDefinition } from '../components/resource/define-resource.ts'
import { tags } from './tags/index.ts'

/**
 * Every resource of the back-office, in menu order. A resource joins the app (routes, menu, strings) by
 * its folder and one line here.
 */
export const resources: readonly ResourceDefinition[] = [tags]
