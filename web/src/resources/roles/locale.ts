import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const rolesLocale = defineResourceLocale({
  title: ['Roles', '角色'],
  noun: ['role', '角色'],
  fields: {
    name: ['Role name', '角色名称'],
    permissions: ['Permissions', '权限'],
    admins: ['Admins', '管理员'],
    admin_ids: ['Admins holding this role', '拥有此角色的管理员'],
  },
  superAdminFixed: [
    'The super-admin role keeps its name and every permission; only who holds it can change.',
    '超级管理员角色的名称和全部权限不可更改，只能调整由谁担任。',
  ],
  superAdminKept: ['The super-admin role cannot be deleted.', '超级管理员角色不能删除。'],
  filterPermissions: ['Filter permissions', '筛选权限'],
  noPermissionMatches: ['No permission matches the filter.', '没有匹配的权限。'],
  chosen: ['{{count}} chosen', '已选 {{count}} 项'],
  needs: ['Needs {{names}}', '需要{{names}}'],
  needsLacking: [
    'Needs {{names}}, not ticked: its screens will lack them',
    '需要{{names}}，尚未勾选：相关页面将无法使用',
  ],
  listSeparator: [', ', '、'],
  /**
   * Permission groups that are no resource of the menu (those are named by their title, as everywhere);
   * a group missing here shows as the server names it.
   */
  groups: {
    dashboard: ['Dashboard', '首页'],
    photos: ['Photos', '图片'],
    files: ['Files', '文件'],
    articles: ['Demo articles', '示例文章'],
    'daily-revenue': ['Daily revenue', '每日收入'],
    'daily-channel': ['Daily channel statistics', '每日渠道统计'],
    'daily-campaign': ['Daily campaign statistics', '每日活动统计'],
    'daily-data': ['Daily company data', '每日公司数据'],
    'daily-subscriber-source': ['Subscriber sources', '订阅来源'],
    'daily-refund-statistics': ['Refund statistics', '退款统计'],
  },
})
