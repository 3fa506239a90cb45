import { TagsOutlined } from '@ant-design/icons'
import { tagsContract } from '@vod/contract/resources/tags'
import { defineResource } from '../../components/resource/define-resource.ts'
import { tagsLocale } from './locale.ts'

/** Tags: /tags, create, edit/{id} (spec section 2), each filed under a category or none. */
export const tags = defineResource({
  contract: tagsContract,
  icon: TagsOutlined,
  locale: tagsLocale,
  screens: { list: true, create: true, edit: true },
})
