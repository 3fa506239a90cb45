import { definePairs } from '../../i18n/define-locale.ts'

/** Strings of the permission picker and of permission names (`t('permission.chosen')`), in both languages. */
export const permissionLocale = definePairs({
  filter: ['Filter permissions', '筛选权限'],
  noMatch: ['No permission matches the filter.', '没有匹配的权限。'],
  chosen: ['{{count}} chosen', '已选 {{count}} 项'],
  needs: ['Needs {{names}}', '需要{{names}}'],
  needsLacking: [
    'Needs {{names}}, not ticked: its screens will lack them',
    '需要{{names}}，尚未勾选：相关页面将无法使用',
  ],
  /** Beside a permission ticked because other ticked ones need it: which (needed-by-ticked.ts). */
  neededBy: ['Needed by {{names}}', '依赖此项的权限：{{names}}'],
  listSeparator: [', ', '、'],
  /** A permission name as a reader says it. */
  name: ['{{action}} {{group}}', '{{group}}{{action}}'],
  /**
   * The catalogue's groups that are no resource of the menu (those are named by their title, as everywhere);
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
