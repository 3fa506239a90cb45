import { PictureOutlined } from '@ant-design/icons'
import { bannersContract } from '@vod/contract/resources/banners'
import { defineResource } from '../../components/resource/define-resource.ts'
import { expiryColumn } from '../../components/resource/Expiry.tsx'
import { blocksGroup } from '../groups.ts'
import { bannersLocale } from './locale.ts'

/** Banners: /blocks/banners, create, {id}, edit/{id} (spec section 2). */
export const banners = defineResource({
  contract: bannersContract,
  group: blocksGroup,
  base: '/blocks/banners',
  icon: PictureOutlined,
  locale: bannersLocale,
  screens: { list: true, create: true, show: true, edit: true },
  list: {
    columns: ['id', 'image', 'name', 'position', 'type', 'link', 'sort', 'clicks', expiryColumn],
  },
  show: {
    items: [
      'name',
      'position',
      'type',
      'title',
      'subtitle',
      'cta',
      'link',
      'image',
      'mobile_image',
      'video',
      'mobile_video',
      'sort',
      'clicks',
      expiryColumn,
      'created_at',
      'updated_at',
    ],
  },
  form: { initialValues: { type: 'image', sort: 0 } },
})
