import { UserOutlined } from '@ant-design/icons'
import { adminsContract } from '@vod/contract/resources/admins'
import { defineResource } from '../../components/resource/define-resource.ts'
import { permissionsGroup } from '../groups.ts'
import { adminsLocale } from './locale.ts'

/** Staff accounts: /permissions/admins (spec section 2). */
export const admins = defineResource({
  contract: adminsContract,
  group: permissionsGroup,
  icon: UserOutlined,
  locale: adminsLocale,
  screens: {
    list: () => import('./AdminList.tsx'),
    create: () => import('./AdminForm.tsx'),
    edit: () => import('./AdminForm.tsx'),
    show: () => import('./AdminShow.tsx'),
  },
  list: {
    columns: ['id', 'username', 'name', 'phone', 'status', 'allocated_members', 'created_at', 'updated_at'],
    filters: ['status', 'role_id', 'created_at'],
    confirm: ['disable'],
  },
  form: { initialValues: { status: 'enabled', role_ids: [] } },
})
