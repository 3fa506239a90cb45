import { defineLocale } from '../../i18n/define-locale.ts'

export const adminsLocale = defineLocale({
  en: {
    title: 'Admins',
    createTitle: 'Create admin',
    editTitle: 'Edit admin',
    showTitle: 'Admin details',
    fields: {
      name: 'Name',
      password: 'Password',
      roles: 'Roles',
      role_ids: 'Roles',
      role_id: 'Role',
      allocated_members: 'Allocated members',
      two_factor_bound: 'Authenticator bound',
    },
    /** Values of flag fields as the audit trail shows them. */
    values: { two_factor_bound: { '0': 'No', '1': 'Yes' } },
    actions: { 'reset-qrcode': 'Reset authenticator' },
    confirms: { disable: 'Disable this admin? Their sessions end at once.' },
    resetConfirm: {
      required:
        'Reset the authenticator? Its codes stop working, the admin is logged out and must bind a new one at the next login.',
      optional:
        'Reset the authenticator? Its codes stop working and the admin is logged out; logins then need only the password until the admin binds a new one from the profile.',
      off: 'Reset the authenticator? Its binding is removed and the admin is logged out. Logins ask for no codes on this server.',
    },
    nothingToReset: 'No authenticator is bound.',
    passwordKeep: 'Leave empty to keep the current password.',
    children: {
      'allocated-members': {
        title: 'Allocated members',
        pick: 'Members to allocate',
        add: 'Allocate',
        fields: { assigned_at: 'Assigned' },
      },
    },
  },
  'zh-cn': {
    title: '管理员',
    createTitle: '新建管理员',
    editTitle: '编辑管理员',
    showTitle: '管理员详情',
    fields: {
      name: '姓名',
      password: '密码',
      roles: '角色',
      role_ids: '角色',
      role_id: '角色',
      allocated_members: '分配会员数',
      two_factor_bound: '已绑定验证器',
    },
    values: { two_factor_bound: { '0': '否', '1': '是' } },
    actions: { 'reset-qrcode': '重置验证器' },
    confirms: { disable: '确定禁用该管理员吗？其登录会话将立即失效。' },
    resetConfirm: {
      required: '确定重置验证器吗？原验证码将失效，该管理员会被登出，下次登录时须重新绑定。',
      optional:
        '确定重置验证器吗？原验证码将失效，该管理员会被登出；在其于个人中心重新绑定前，登录只需密码。',
      off: '确定重置验证器吗？绑定将被移除，该管理员会被登出。本服务器登录不要求验证码。',
    },
    nothingToReset: '尚未绑定验证器。',
    passwordKeep: '留空则保留当前密码。',
    children: {
      'allocated-members': {
        title: '分配的会员',
        pick: '选择要分配的会员',
        add: '分配',
        fields: { assigned_at: '分配时间' },
      },
    },
  },
})
