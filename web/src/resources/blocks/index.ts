import { BlockOutlined } from '@ant-design/icons'
import { blocksContract } from '@vod/contract/resources/blocks'
import { defineResource } from '../../components/resource/define-resource.ts'
import { expiryColumn } from '../../components/resource/Expiry.tsx'
import { blocksGroup } from '../groups.ts'
import { blocksLocale } from './locale.ts'

/**
 * The member site's page blocks: /blocks, create, edit/{id}, {id} (spec section 2); each block's videos in
 * order on its page, and a preview of the home page's blocks from the list. Shown until `expired_at`, marked
 * once past it, and published or taken down ahead from its pages (scheduled changes).
 */
export const blocks = defineResource({
  contract: blocksContract,
  group: blocksGroup,
  base: '/blocks',
  icon: BlockOutlined,
  locale: blocksLocale,
  screens: {
    list: () => import('./BlockList.tsx'),
    create: true,
    edit: true,
    show: () => import('./BlockShow.tsx'),
  },
  list: {
    columns: [
      'id',
      'title',
      'page',
      'type',
      'sort',
      'is_box',
      'advertisement_id',
      'videos_count',
      expiryColumn,
      'updated_at',
    ],
  },
  show: {
    items: [
      'title',
      'description',
      'type',
      'page',
      'is_box',
      'sort',
      'advertisement_id',
      'image',
      'mobile_image',
      'link',
      'videos_count',
      expiryColumn,
      'created_at',
      'updated_at',
    ],
  },
  form: { initialValues: { type: 'videos', page: 'home', sort: 0, is_box: 0 } },
  children: {
    videos: {
      columns: [
        'cover',
        'serial_number',
        'title',
        'is_free',
        'status',
        'published_at',
        'name',
        'gender',
        'is_popular',
      ],
    },
  },
})
