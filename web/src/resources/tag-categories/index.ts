import { ApartmentOutlined } from '@ant-design/icons'
import { tagCategoriesContract } from '@vod/contract/resources/tag-categories'
import { defineResource } from '../../components/resource/define-resource.ts'
import { tagCategoriesLocale } from './locale.ts'

/** Tag categories, beside the tags they group: /tags/categories (list, create, edit/{id}). */
export const tagCategories = defineResource({
  contract: tagCategoriesContract,
  base: '/tags/categories',
  icon: ApartmentOutlined,
  locale: tagCategoriesLocale,
  screens: { list: true, create: true, edit: true },
})
