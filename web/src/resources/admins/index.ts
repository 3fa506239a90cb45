import { UserOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { permissionsGroup } from '../groups.ts'
import { adminsLocale } from './locale.ts'

/** Staff accounts: /permissions/admins (spec section 2). */
export const admins = defineResource({
  name: 'admins',
  group: permissionsGroup,
  icon: UserOutlined,
  locale: adminsLocale,
  screens: {
    list: () => import('./AdminList.tsx'),
    create: () => import('./AdminForm.tsx'),
    edit: () => import('./AdminForm.tsx'),
    show: () => import('./AdminShow.tsx'),
  },
})
