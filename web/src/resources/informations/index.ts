import { InfoCircleOutlined } from '@ant-design/icons'
import { informationsContract } from '@vod/contract/resources/informations'
import { defineResource } from '../../components/resource/define-resource.ts'
import { blocksGroup } from '../groups.ts'
import { informationsLocale } from './locale.ts'

/**
 * The member site's information pages: /blocks/informations and {id}/edit (spec section 2), in the posts'
 * editor; and create (the API's POST), so that a type without its page yet can have one.
 */
export const informations = defineResource({
  contract: informationsContract,
  group: blocksGroup,
  base: '/blocks/informations',
  icon: InfoCircleOutlined,
  locale: informationsLocale,
  paths: { edit: ':id/edit' },
  screens: { list: true, create: true, edit: true },
  list: { columns: ['id', 'type', 'title', 'updated_at'] },
  // One page of each type: a new page is offered only the types without one.
  form: { initialValues: { content: '' }, maxWidth: 900, oneEach: ['type'] },
})
