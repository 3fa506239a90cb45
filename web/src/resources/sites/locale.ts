import { defineLocale } from '../../i18n/define-locale.ts'

export const sitesLocale = defineLocale({
  en: {
    title: 'Sites',
    createTitle: 'Create site',
    editTitle: 'Edit site',
    showTitle: 'Site',
    fields: { domain: 'Domain' },
    hints: { domain: 'A domain name such as example.com, without http:// or a path.' },
  },
  'zh-cn': {
    title: '站点',
    createTitle: '新建站点',
    editTitle: '编辑站点',
    showTitle: '站点详情',
    fields: { domain: '域名' },
    hints: { domain: '域名，例如 example.com，不含 http:// 或路径。' },
  },
})
