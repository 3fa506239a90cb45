import { defineLocale } from '../../i18n/define-locale.ts'

export const rolesLocale = defineLocale({
  en: {
    title: 'Roles',
    createTitle: 'Create role',
    editTitle: 'Edit role',
    fields: {
      name: 'Role name',
      permissions: 'Permissions',
      admins: 'Admins',
      admin_ids: 'Admins holding this role',
    },
    superAdminFixed:
      'The super-admin role keeps its name and every permission; only who holds it can change.',
    superAdminKept: 'The super-admin role cannot be deleted.',
    filterPermissions: 'Filter permissions',
    noPermissionMatches: 'No permission matches the filter.',
    chosen: '{{count}} chosen',
    needs: 'Needs {{names}}',
    needsLacking: 'Needs {{names}}, not ticked: its screens will lack them',
    listSeparator: ', ',
    /**
     * Permission groups that are no resource of the menu (those are named by their title, as everywhere);
     * a group missing here shows as the server names it.
     */
    groups: {
      dashboard: 'Dashboard',
      photos: 'Photos',
      files: 'Files',
      articles: 'Demo articles',
      'daily-revenue': 'Daily revenue',
      'daily-channel': 'Daily channel statistics',
      'daily-campaign': 'Daily campaign statistics',
      'daily-data': 'Daily company data',
      'daily-subscriber-source': 'Subscriber sources',
      'daily-refund-statistics': 'Refund statistics',
    },
  },
  'zh-cn': {
    title: '角色',
    createTitle: '新建角色',
    editTitle: '编辑角色',
    fields: {
      name: '角色名称',
      permissions: '权限',
      admins: '管理员',
      admin_ids: '拥有此角色的管理员',
    },
    superAdminFixed: '超级管理员角色的名称和全部权限不可更改，只能调整由谁担任。',
    superAdminKept: '超级管理员角色不能删除。',
    filterPermissions: '筛选权限',
    noPermissionMatches: '没有匹配的权限。',
    chosen: '已选 {{count}} 项',
    needs: '需要{{names}}',
    needsLacking: '需要{{names}}，尚未勾选：相关页面将无法使用',
    listSeparator: '、',
    groups: {
      dashboard: '首页',
      photos: '图片',
      files: '文件',
      articles: '示例文章',
      'daily-revenue': '每日收入',
      'daily-channel': '每日渠道统计',
      'daily-campaign': '每日活动统计',
      'daily-data': '每日公司数据',
      'daily-subscriber-source': '订阅来源',
      'daily-refund-statistics': '退款统计',
    },
  },
})
