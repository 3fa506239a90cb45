import { GlobalOutlined } from '@ant-design/icons'
import { seosContract } from '@vod/contract/resources/seos'
import { defineResource } from '../../components/resource/define-resource.ts'
import { seosLocale } from './locale.ts'

/** Search-engine texts of the public site's pages: /seos (spec section 2). */
export const seos = defineResource({
  contract: seosContract,
  icon: GlobalOutlined,
  locale: seosLocale,
  screens: { list: true, create: true, edit: true },
})
