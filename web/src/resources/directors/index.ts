import { VideoCameraOutlined } from '@ant-design/icons'
import { directorsContract } from '@vod/contract/resources/directors'
import { defineResource } from '../../components/resource/define-resource.ts'
import { directorsLocale } from './locale.ts'

/** Directors credited on videos: /directors (spec section 2). */
export const directors = defineResource({
  contract: directorsContract,
  icon: VideoCameraOutlined,
  locale: directorsLocale,
  screens: { list: true, create: true, edit: true, show: true },
})
