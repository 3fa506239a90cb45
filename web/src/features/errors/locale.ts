import { defineLocale } from '../../i18n/define-locale.ts'

export const errorsLocale = defineLocale({
  en: {
    notFound: { title: 'Page not found', message: 'The page you asked for does not exist.' },
    unauthorized: { title: 'No permission', message: 'Your account may not open this page.' },
    back: 'Back to the dashboard',
    switchAccount: 'Switch account',
    logout: 'Log out',
  },
  'zh-cn': {
    notFound: { title: '页面不存在', message: '您访问的页面不存在。' },
    unauthorized: { title: '没有权限', message: '您的账户无权访问此页面。' },
    back: '返回首页',
    switchAccount: '切换账号',
    logout: '退出登录',
  },
})
