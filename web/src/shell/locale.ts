import { defineLocale } from '../i18n/define-locale.ts'

export const shellLocale = defineLocale({
  en: {
    toggleSidebar: 'Toggle sidebar',
    breadcrumb: 'Breadcrumb',
    account: 'Account',
    dashboard: 'Dashboard',
    logout: 'Log out',
  },
  'zh-cn': {
    toggleSidebar: '切换侧边栏',
    breadcrumb: '面包屑导航',
    account: '账户',
    dashboard: '首页',
    logout: '退出登录',
  },
})
