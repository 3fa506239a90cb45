import { defineLocale } from './define-locale.ts'

/** Strings not owned by any one feature. */
export const commonLocale = defineLocale({
  en: {
    appName: 'VOD Admin',
    redirecting: 'Redirecting',
    language: 'Language',
    languageSwitched: 'Switch Language Success',
    loadFailed: 'This page could not be loaded.',
    backHome: 'Back to the dashboard',
  },
  'zh-cn': {
    appName: '视频管理后台',
    redirecting: '跳转中',
    language: '语言',
    languageSwitched: '切换语言成功',
    loadFailed: '页面加载失败。',
    backHome: '返回首页',
  },
})
