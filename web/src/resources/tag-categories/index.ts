import { ApartmentOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { tagCategoriesLocale } from './locale.ts'

/** Tag categories, beside the tags they group: /tags/categories (list, create, edit/{id}). */
export const tagCategories = defineResource({
  name: 'tag-categories',
  base: '/tags/categories',
  icon: ApartmentOutlined,
  locale: tagCategoriesLocale,
  screens: {
    list: () => import('./TagCategoryList.tsx'),
    create: () => import('./TagCategoryForm.tsx'),
    edit: () => import('./TagCategoryForm.tsx'),
  },
})
