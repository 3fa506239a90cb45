import { defineLocale } from '../../i18n/define-locale.ts'

export const clipboardLocale = defineLocale({
  en: {
    title: 'Clipboard',
    intro: 'Copy the text with a function call or with a wrapper around the button.',
    text: 'Text to copy',
    copy: 'Copy',
    byFunction: 'By function',
    byDirective: 'By wrapper',
    copied: 'Copied',
    unavailable: 'The clipboard is not available in this browser (it needs HTTPS or localhost).',
    failed: 'Copying failed.',
  },
  'zh-cn': {
    title: '剪贴板',
    intro: '通过函数调用或包裹按钮的方式复制文本。',
    text: '要复制的文本',
    copy: '复制',
    byFunction: '函数方式',
    byDirective: '包裹方式',
    copied: '复制成功',
    unavailable: '当前浏览器无法使用剪贴板（需要 HTTPS 或 localhost）。',
    failed: '复制失败。',
  },
})
