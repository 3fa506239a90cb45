import { defineLocale } from '../../i18n/define-locale.ts'

export const dashboardLocale = defineLocale({
  en: { title: 'Dashboard', welcome: 'Welcome, {{name}}' },
  'zh-cn': { title: '首页', welcome: '欢迎，{{name}}' },
})
