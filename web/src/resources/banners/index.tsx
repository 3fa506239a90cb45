import { PictureOutlined } from '@ant-design/icons'
import { type Banner, bannersContract } from '@vod/contract/resources/banners'
import { Space, Tag } from 'antd'
import type { TFunction } from 'i18next'
import { defineResource } from '../../components/resource/define-resource.ts'
import { formatDateTime } from '../../components/resource/format.ts'
import { blocksGroup } from '../groups.ts'
import { bannersLocale } from './locale.ts'

/** When the banner stops showing, marked once that has passed. */
const expiry = (banner: Banner, t: TFunction) => (
  <Space size={4} wrap>
    {formatDateTime(banner.expired_at)}
    {banner.expired === 1 && (
      <Tag color="red" data-testid={`expired-${banner.id}`}>
        {t('banners.expiredMark')}
      </Tag>
    )}
  </Space>
)

/** Banners: /blocks/banners, create, {id}, edit/{id} (spec section 2). */
export const banners = defineResource({
  contract: bannersContract,
  group: blocksGroup,
  base: '/blocks/banners',
  icon: PictureOutlined,
  locale: bannersLocale,
  screens: { list: true, create: true, show: true, edit: true },
  list: {
    columns: [
      'id',
      'image',
      'name',
      'position',
      'type',
      'link',
      'sort',
      'clicks',
      { field: 'expired_at', render: expiry },
    ],
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
      { field: 'expired_at', render: expiry },
      'created_at',
      'updated_at',
    ],
  },
  form: { initialValues: { type: 'image', sort: 0 } },
})
