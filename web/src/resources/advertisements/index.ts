import { NotificationOutlined } from '@ant-design/icons'
import { advertisementsContract } from '@vod/contract/resources/advertisements'
import { defineResource } from '../../components/resource/define-resource.ts'
import { blocksGroup } from '../groups.ts'
import { advertisementsLocale } from './locale.ts'

/** The ad slots: /blocks/advertisements, {id}, edit/{id} (spec section 2: list, show and edit only). */
export const advertisements = defineResource({
  contract: advertisementsContract,
  group: blocksGroup,
  base: '/blocks/advertisements',
  icon: NotificationOutlined,
  locale: advertisementsLocale,
  screens: { list: true, show: true, edit: true },
  list: { columns: ['id', 'position', 'name', 'image', 'link', 'cta_position', 'updated_at'] },
})
