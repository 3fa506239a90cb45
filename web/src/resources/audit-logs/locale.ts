import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const auditLogsLocale = defineResourceLocale({
  title: ['Audit logs', '审计日志'],
  fields: {
    admin_id: ['Admin', '管理员'],
    admin_username: ['Admin', '管理员'],
    resource: ['Resource', '资源'],
    record_id: ['Record', '记录'],
    action: ['Action', '操作'],
    ip: ['IP', 'IP'],
    changes: ['Changes', '变更'],
    created_at: ['Time', '时间'],
  },
  /** Audit actions; others are permission actions (resource.verbs) or shown as recorded. */
  actions: {
    create: ['Create', '新建'],
    update: ['Update', '更新'],
    delete: ['Delete', '删除'],
    login: ['Log in', '登录'],
    'login-failed': ['Failed login', '登录失败'],
    logout: ['Log out', '退出登录'],
    forbidden: ['Refused (no permission)', '被拒绝（无权限）'],
    'bind-two-factor': ['Bind authenticator', '绑定身份验证器'],
    'restore-values': ['Restore earlier values', '恢复历史值'],
  },
  /** Resources that are no permission group (components/permission/permission-names.ts names the others). */
  resources: {
    auth: ['Sign-in', '登录'],
    'saved-views': ['Saved views', '已保存视图'],
    'scheduled-changes': ['Scheduled changes', '定时变更'],
  },
  deleted: ['(deleted)', '（已删除）'],
  /** Fields of entries that belong to no resource's form: a refused request. */
  changeFields: {
    route: ['Request', '请求'],
    permission: ['Permission needed', '所需权限'],
    count: ['Times refused', '拒绝次数'],
    /** A linked child's entry (a block's `add-videos`, `reorder-videos`): the records linked, in order. */
    ids: ['Records', '记录'],
    /** A restore's entry: the history entry whose earlier values it put back. */
    restored_from: ['Restored from entry', '恢复自记录'],
  },
})
