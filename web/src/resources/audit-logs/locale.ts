import { defineLocale } from '../../i18n/define-locale.ts'

export const auditLogsLocale = defineLocale({
  en: {
    title: 'Audit logs',
    fields: {
      admin_id: 'Admin',
      admin_username: 'Admin',
      resource: 'Resource',
      record_id: 'Record',
      action: 'Action',
      ip: 'IP',
      changes: 'Changes',
      created_at: 'Time',
    },
    /** Audit actions; others are permission actions (resource.verbs) or shown as recorded. */
    actions: {
      create: 'Create',
      update: 'Update',
      delete: 'Delete',
      login: 'Log in',
      'login-failed': 'Failed login',
      logout: 'Log out',
      forbidden: 'Refused (no permission)',
      'bind-two-factor': 'Bind authenticator',
    },
    /** Resources that are no permission group (permission-names.ts names the others). */
    resources: { auth: 'Sign-in' },
    empty: '(empty)',
    changed: '(changed)',
    deleted: '(deleted)',
    /** A permission name as a reader says it. */
    permission: '{{action}} {{group}}',
    /** Fields of entries that belong to no resource's form: a refused request. */
    changeFields: { route: 'Request', permission: 'Permission needed', count: 'Times refused' },
  },
  'zh-cn': {
    title: '审计日志',
    fields: {
      admin_id: '管理员',
      admin_username: '管理员',
      resource: '资源',
      record_id: '记录',
      action: '操作',
      ip: 'IP',
      changes: '变更',
      created_at: '时间',
    },
    actions: {
      create: '新建',
      update: '更新',
      delete: '删除',
      login: '登录',
      'login-failed': '登录失败',
      logout: '退出登录',
      forbidden: '被拒绝（无权限）',
      'bind-two-factor': '绑定身份验证器',
    },
    resources: { auth: '登录' },
    empty: '（空）',
    changed: '（已修改）',
    deleted: '（已删除）',
    permission: '{{group}}{{action}}',
    changeFields: { route: '请求', permission: '所需权限', count: '拒绝次数' },
  },
})
