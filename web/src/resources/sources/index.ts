import { DatabaseOutlined } from '@ant-design/icons'
import { sourcesContract } from '@vod/contract/resources/sources'
import { defineResource } from '../../components/resource/define-resource.ts'
import { sourcesLocale } from './locale.ts'

/** Where videos come from, each filed under a genre tag: /sources (spec section 2). */
export const sources = defineResource({
  contract: sourcesContract,
  icon: DatabaseOutlined,
  locale: sourcesLocale,
  screens: { list: true, create: true, edit: true },
})
