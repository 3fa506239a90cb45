import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const adminsLocale = defineResourceLocale({
  title: ['Admins', '管理员'],
  noun: ['admin', '管理员'],
  showTitle: ['Admin details', '管理员详情'],
  fields: {
    name: ['Name', '姓名'],
    password: ['Password', '密码'],
    roles: ['Roles', '角色'],
    role_ids: ['Roles', '角色'],
    role_id: ['Role', '角色'],
    allocated_members: ['Allocated members', '分配会员数'],
    two_factor_bound: ['Authenticator bound', '已绑定验证器'],
  },
  /** Values of flag fields as the audit trail shows them. */
  values: { two_factor_bound: { '0': ['No', '否'], '1': ['Yes', '是'] } },
  actions: { 'reset-qrcode': ['Reset authenticator', '重置验证器'] },
  confirms: {
    disable: [
      'Disable this admin? Their sessions end at once.',
      '确定禁用该管理员吗？其登录会话将立即失效。',
    ],
  },
  resetConfirm: {
    required: [
      'Reset the authenticator? Its codes stop working, the admin is logged out and must bind a new one at the next login.',
      '确定重置验证器吗？原验证码将失效，该管理员会被登出，下次登录时须重新绑定。',
    ],
    optional: [
      'Reset the authenticator? Its codes stop working and the admin is logged out; logins then need only the password until the admin binds a new one from the profile.',
      '确定重置验证器吗？原验证码将失效，该管理员会被登出；在其于个人中心重新绑定前，登录只需密码。',
    ],
    off: [
      'Reset the authenticator? Its binding is removed and the admin is logged out. Logins ask for no codes on this server.',
      '确定重置验证器吗？绑定将被移除，该管理员会被登出。本服务器登录不要求验证码。',
    ],
  },
  nothingToReset: ['No authenticator is bound.', '尚未绑定验证器。'],
  passwordKeep: ['Leave empty to keep the current password.', '留空则保留当前密码。'],
  children: {
    'allocated-members': {
      title: ['Allocated members', '分配的会员'],
      pick: ['Members to allocate', '选择要分配的会员'],
      add: ['Allocate', '分配'],
      fields: { assigned_at: ['Assigned', '分配时间'] },
    },
  },
})
