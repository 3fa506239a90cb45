import { defineLocale } from '../../i18n/define-locale.ts'

export const adminsLocale = defineLocale({
  en: {
    title: 'Admins',
    createTitle: 'Create admin',
    editTitle: 'Edit admin',
    showTitle: 'Admin details',
    fields: {
      id: 'ID',
      username: 'Username',
      password: 'Password',
      name: 'Name',
      phone: 'Phone',
      email: 'E-mail',
      status: 'Status',
      roles: 'Roles',
      roleIds: 'Roles',
      allocatedMembers: 'Allocated members',
      twoFactorBound: 'Authenticator bound',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
    statuses: { enabled: 'Enabled', disabled: 'Disabled' },
    /** Values of flag fields as the audit trail shows them. */
    values: { twoFactorBound: { '0': 'No', '1': 'Yes' } },
    actions: {
      enable: 'Enable',
      disable: 'Disable',
      'reset-qrcode': 'Reset authenticator',
    },
    disableConfirm: 'Disable this admin? Their sessions end at once.',
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
        fields: { id: 'ID', username: 'Username', email: 'E-mail', assignedAt: 'Assigned' },
      },
    },
  },
  'zh-cn': {
    title: '管理员',
    createTitle: '新建管理员',
    editTitle: '编辑管理员',
    showTitle: '管理员详情',
    fields: {
      id: 'ID',
      username: '用户名',
      password: '密码',
      name: '姓名',
      phone: '电话',
      email: '邮箱',
      status: '状态',
      roles: '角色',
      roleIds: '角色',
      allocatedMembers: '分配会员数',
      twoFactorBound: '已绑定验证器',
      createdAt: '创建时间',
      updatedAt: '更新时间',
    },
    statuses: { enabled: '启用', disabled: '禁用' },
    values: { twoFactorBound: { '0': '否', '1': '是' } },
    actions: {
      enable: '启用',
      disable: '禁用',
      'reset-qrcode': '重置验证器',
    },
    disableConfirm: '确定禁用该管理员吗？其登录会话将立即失效。',
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
        fields: { id: 'ID', username: '用户名', email: '邮箱', assignedAt: '分配时间' },
      },
    },
  },
})
