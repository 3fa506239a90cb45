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
    // What antd's components say to screen readers in English whatever its locale (component-labels.ts).
    components: {
      selectAll: 'Select all',
      customSelection: 'Custom selection',
      clear: 'Clear',
      increase: 'Increase value',
      decrease: 'Decrease value',
    },
  },
  'zh-cn': {
    appName: '视频管理后台',
    redirecting: '跳转中',
    language: '语言',
    languageSwitched: '切换语言成功',
    loadFailed: '页面加载失败。',
    backHome: '返回首页',
    components: {
      selectAll: '全选',
      customSelection: '自定义选择',
      clear: '清除',
      increase: '增加数值',
      decrease: '减少数值',
    },
  },
})
